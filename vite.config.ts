/** Builds the renderer (React) into dist/renderer, loaded by both doors. */
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

export default defineConfig({
  root: fileURLToPath(new URL('./renderer', import.meta.url)),
  base: './',
  plugins: [react()],
  build: {
    outDir: fileURLToPath(new URL('./dist/renderer', import.meta.url)),
    emptyOutDir: true,
    sourcemap: true,
    target: 'chrome120',
    rolldownOptions: {
      output: {
        // Libraries in chunks of their own (each under the 500 kB warning), so no chunk warning is printed at start and
        // the application's own code is cached apart from them.
        codeSplitting: {
          groups: [
            { name: 'plot', test: /node_modules[\\/](@observablehq|d3-|interval-tree|isoformat|binary-search)/ },
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|zustand|@tanstack)[\\/]/ },
            { name: 'wavesurfer', test: /node_modules[\\/]wavesurfer\.js[\\/]/ },
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/ },
          ],
        },
      },
    },
  },
  logLevel: 'warn',
});
