import path from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { bootScriptPlugin } from './scripts/boot-script';
import { createManualChunks } from './scripts/chunks';
import { inlineFaviconPlugin } from './scripts/inline-favicon';
import { precompressPlugin } from './scripts/precompress';
import { pwaPlugin } from './scripts/pwa';
import { WEB_ALIASES } from './scripts/web-aliases';

const apiTarget = process.env.API_URL ?? 'http://127.0.0.1:3000';

export default defineConfig({
  root: 'src/web',
  publicDir: '../../public',
  resolve: { alias: WEB_ALIASES },
  plugins: [
    react(),
    tailwindcss(),
    bootScriptPlugin(path.resolve(import.meta.dirname, 'src/web')),
    inlineFaviconPlugin(path.resolve(import.meta.dirname, 'public/favicon.svg')),
    // Icons, the offline page and the service worker (/sw.js) of the installable app.
    pwaPlugin(import.meta.dirname),
    precompressPlugin(),
  ],
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    sourcemap: false,
    // The `core` chunk (React, React Router, i18next, zod) is ~450 kB minified, ~137 KiB gzip: the
    // login page's budget is measured in gzip by bench/login-js.ts, not by this warning.
    chunkSizeWarningLimit: 500,
    // core, forms and app chunks (decision 022, scripts/chunks.ts).
    rollupOptions: { output: { manualChunks: createManualChunks(path.resolve(import.meta.dirname, 'src/web')) } },
  },
  server: {
    proxy: {
      '/api': apiTarget,
      '/files': apiTarget,
      '/manifest.webmanifest': apiTarget,
    },
  },
});
