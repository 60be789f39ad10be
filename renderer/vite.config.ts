import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { basemapFilesPlugin } from './basemap-files-plugin.js';

export default defineConfig({
  root: 'renderer',
  base: './',
  plugins: [react(), basemapFilesPlugin()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // MapLibre (~1.1 MB) comes as its own lazily loaded chunk, by design.
    chunkSizeWarningLimit: 1200,
  },
});
