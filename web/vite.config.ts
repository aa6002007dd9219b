import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { stylesAfterShell } from './vite-first-paint';
import { precompress } from './vite-precompress';

// The dev server proxies the API and the realtime socket to the Fastify server on :3000,
// so the browser always talks to one origin (same as production, where the server serves dist/).
export default defineConfig({
  plugins: [react(), stylesAfterShell(), precompress()],
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
  },
});
