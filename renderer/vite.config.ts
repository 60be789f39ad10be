import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  root: 'renderer',
  base: './',
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // MapLibre (~1.1 MB) and the 50m countries come as their own lazily loaded chunks, by design.
    chunkSizeWarningLimit: 1200,
  },
});
