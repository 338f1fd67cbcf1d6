import { resolve } from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

const root = import.meta.dirname;
const server = process.env.GSL_DEV_SERVER ?? 'http://127.0.0.1:8080';

/**
 * In production the server replaces `<!--app-config-->` with a script setting window.__APP_CONFIG__.
 * Under `vite` (dev) nobody does, so src/config.ts falls back to its defaults (apiCrypto false).
 * To develop against a server with API_CRYPTO on, export GSL_APP_CONFIG='{"apiCrypto":true,"aesKey":"…"}'
 * and this dev-only hook injects it the same way the server would.
 */
function devAppConfig(): Plugin {
  return {
    name: 'gsl-dev-app-config',
    apply: 'serve',
    transformIndexHtml(html) {
      const json = process.env.GSL_APP_CONFIG;
      if (!json) return html;
      const safe = JSON.stringify(JSON.parse(json)).replace(/</g, '\\u003c');
      return html.replace('<!--app-config-->', `<script>window.__APP_CONFIG__=${safe}</script>`);
    },
  };
}

export default defineConfig({
  root,
  // Assets are always referenced absolutely (/gsl/assets/...) so that model.html, served by the
  // server at /model/, loads the same files.
  base: '/gsl/',
  plugins: [react(), devAppConfig()],
  build: {
    outDir: resolve(root, 'dist'),
    emptyOutDir: true,
    // dist/.vite/manifest.json: which chunks each entry and lazy page loads (scripts/bundle-size.mjs).
    manifest: true,
    chunkSizeWarningLimit: 1200,
    rolldownOptions: {
      // @gsl/contract builds zod schemas at module level; the web only reads its constants, so
      // unused schema builders are declared pure and shaken out (keeps zod out of the bundles).
      treeshake: { manualPureFunctions: ['z'] },
      input: {
        main: resolve(root, 'index.html'),
        model: resolve(root, 'model.html'),
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: server, changeOrigin: false },
      '/sso': { target: server, changeOrigin: false },
    },
  },
});
