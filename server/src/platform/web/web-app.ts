import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { AppConfig } from '../config/config.js';

/** What the browser needs at run time (docs/foundation-api.md): one build, configured by the server. */
export function runtimeConfig(cfg: AppConfig) {
  return {
    clientId: cfg.clientId,
    clientSecret: cfg.clientSecret,
    apiCrypto: cfg.apiCrypto,
    aesKey: cfg.aesKey,
    ssoUrl: cfg.ssoUrl,
    ssoLogoutUrl: cfg.ssoLogoutUrl,
    basePath: cfg.basePath,
    modelOrigin: cfg.modelOrigin,
    appKey: cfg.clientId,
    sysFlag: 'aoc',
    entryCode: 'jiangsu',
    tenantId: cfg.defaultTenantId,
    refreshThresholdSeconds: cfg.refreshThresholdSeconds,
    refreshCheckSeconds: cfg.refreshCheckSeconds,
    chunkTimeoutMs: 120000,
  };
}

/**
 * Serves the built web app: /gsl/* (history routing: unknown paths get index.html), /model/ (the
 * second entry), /favicon.ico at the root, and the runtime config as a script, so the CSP can stay
 * script-src 'self'.
 */
export async function serveWebApp(app: FastifyInstance, cfg: AppConfig, distDir: string): Promise<void> {
  const base = cfg.basePath;
  const configJs = `window.__APP_CONFIG__=${JSON.stringify(runtimeConfig(cfg))};`;
  const configTag = `<script src="${base}app-config.js"></script>`;
  const hasDist = fs.existsSync(path.join(distDir, 'index.html'));
  const page = (file: string) => {
    const html = fs.readFileSync(path.join(distDir, file), 'utf8');
    return html.replace('<!--app-config-->', configTag);
  };
  const indexHtml = hasDist ? page('index.html') : missingBuildPage();
  const modelHtml = hasDist && fs.existsSync(path.join(distDir, 'model.html')) ? page('model.html') : indexHtml;

  app.get(`${base}app-config.js`, (_req, reply) => {
    reply.header('cache-control', 'no-store').type('application/javascript; charset=utf-8').send(configJs);
  });
  if (hasDist) {
    await app.register(fastifyStatic, {
      root: distDir,
      prefix: base,
      index: false,
      wildcard: false,
      setHeaders(res, filePath) {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) res.header('cache-control', 'public, max-age=31536000, immutable');
      },
    });
  }
  const sendIndex = (html: string) => (_req: unknown, reply: import('fastify').FastifyReply) =>
    reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
  app.get(base, sendIndex(indexHtml));
  app.get(`${base}*`, sendIndex(indexHtml));
  app.get('/model/', sendIndex(modelHtml));
  app.get('/', (_req, reply) => reply.redirect(base));
  // Browsers ask every page of the origin for /favicon.ico, the sign-on portal's (no <link rel=icon>)
  // included: the app's icon answers there too.
  const favicon = hasDist && fs.existsSync(path.join(distDir, 'favicon.ico')) ? fs.readFileSync(path.join(distDir, 'favicon.ico')) : undefined;
  if (favicon) {
    app.get('/favicon.ico', (_req, reply) => reply.header('cache-control', 'public, max-age=86400').type('image/x-icon').send(favicon));
  }
}

function missingBuildPage(): string {
  return '<!doctype html><meta charset="utf-8"><title>工商联门户</title><p>前端尚未构建: 请运行 <code>npm run build</code>。 The web app is not built yet: run <code>npm run build</code>.</p>';
}
