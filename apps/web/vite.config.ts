// Vite build of the SPA: the server serves dist/ with history fallback; in dev, /api and /auth go to the local server.
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

const apiTarget = process.env.ATR_DEV_API ?? 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true },
  server: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/auth/v1': { target: apiTarget, changeOrigin: false },
    },
  },
});
