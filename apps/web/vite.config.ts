// Vite build of the SPA: the server serves dist/ with history fallback; in dev, /api and /auth go to the local server.
// Every built file also gets .br and .gz copies (scripts/precompress.ts) that the server sends to clients that accept them.
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { precompress } from './scripts/precompress.ts';

const apiTarget = process.env.ATR_DEV_API ?? 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react(), tailwindcss(), precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Source maps carry the full sources: built only when the operator asks (WEB_SOURCE_MAPS=true).
    sourcemap: process.env.WEB_SOURCE_MAPS === 'true',
    rolldownOptions: {
      output: {
        // The libraries every screen needs get long-lived chunks, so a release that only changes screens keeps them cached.
        // Screens themselves are split by the router's lazy routes; pdf.js stays in the report page's chunk.
        codeSplitting: {
          groups: [
            { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
            { name: 'vendor', test: /[\\/]node_modules[\\/](@tanstack|@supabase|tslib)[\\/]/ },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/auth/v1': { target: apiTarget, changeOrigin: false },
    },
  },
});
