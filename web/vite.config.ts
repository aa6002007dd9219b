import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { stylesAfterShell } from './vite-first-paint';
import { precompress } from './vite-precompress';
import { mantineLayers } from './vite-mantine-layers';
import { routePreload } from './vite-route-preload';
import { CATALOGUE_PRELOAD, ROUTE_PRELOADS, STARTUP_REFRESH } from './src/app/routePreloads';

// The dev server proxies the API and the realtime socket to the Fastify server on :3000,
// so the browser always talks to one origin (same as production, where the server serves dist/).
export default defineConfig({
  plugins: [
    react(),
    mantineLayers(),
    routePreload(ROUTE_PRELOADS, CATALOGUE_PRELOAD, STARTUP_REFRESH),
    stylesAfterShell(),
    precompress(),
  ],
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://localhost:3000',
      '/socket.io': { target: 'http://localhost:3000', ws: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 700,
    rollupOptions: {
      output: {
        // Every lazy screen and component split the code into ~180 files, two thirds under 5 kB: a cold editor
        // open asked for 122 of them, and the requests, not the bytes, held it back (HTTP/1.1 allows 6 at a
        // time). Chunks under 20 kB are merged where that changes nothing a page runs (bench/RESULTS.md).
        // Merging moves stylesheets between files, which is safe because Mantine's cascade comes from layers
        // (vite-mantine-layers.ts), not from the order the files arrive in. STICKERBOOK_SPLIT_CHUNKS=1 builds
        // without merging: the browser test of the stylesheets' order compares the two builds.
        experimentalMinChunkSize: process.env.STICKERBOOK_SPLIT_CHUNKS === '1' ? undefined : 20_000,
      },
    },
  },
});
