import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { basemapTilesPlugin } from './basemap-tiles-plugin.js';

export default defineConfig({
  root: 'renderer',
  base: './',
  plugins: [react(), basemapTilesPlugin()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // MapLibre (~1.1 MB) comes as its own lazily loaded chunk, by design.
    chunkSizeWarningLimit: 1200,
  },
});
