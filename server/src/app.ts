import Fastify, { type FastifyInstance } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { Db, Listen } from './db/connection.js';
import type { AppConfig } from './platform/config/config.js';
import { installDenyByDefault } from './platform/access/deny-by-default.js';
import { AuditLog } from './platform/audit/audit-log.js';
import { ClientRegistry } from './platform/auth/client.js';
import { installGuard } from './platform/auth/guard.js';
import { TokenSigner } from './platform/auth/tokens.js';
import { maskUrl } from './platform/audit/mask.js';
import { Tenancy } from './platform/tenancy/tenancy.js';
import { installTenantSync } from './platform/tenancy/sync-hook.js';
import { installEncryption } from './platform/http/encrypt-hook.js';
import { installSecurityHeaders } from './platform/http/security-headers.js';
import { frameworkErrorHandler, installErrorHandler } from './platform/http/error-handler.js';
import { buildOpenApi } from './platform/http/openapi.js';
import { InFlight } from './platform/http/in-flight.js';
import { serveWebApp } from './platform/web/web-app.js';
import eventRoutes from './platform/events/events.routes.js';
import type { Services } from './services.js';
import { createServices, dropOnLocalWrites } from './services.js';
import { MODULES } from './modules/index.js';

export const VERSION = '0.1.0';
/** How long a stop waits for the handlers already running. */
const CLOSE_GRACE_MS = 10_000;

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    db: Db;
    services: Services;
  }
}

/**
 * Platform plugins, then the explicit list of modules (architecture §3). `listen` is the database
 * handle's LISTEN (live events hear commits of every server process through it).
 */
export async function buildApp(config: AppConfig, db: Db, opts: { webDist?: string; logger?: boolean; listen: Listen }): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      opts.logger === false
        ? false
        : {
            level: config.logLevel,
            // Download tokens travel in a link's query string: never write them (or any secret parameter) to the log.
            serializers: { req: (req) => ({ method: req.method, url: maskUrl(req.url), host: req.host, remoteAddress: req.ip }) },
          },
    bodyLimit: config.bodyLimit,
    trustProxy: config.trustProxy,
    routerOptions: { maxParamLength: 200, ignoreTrailingSlash: true },
    // A malformed URL or an over-long path parameter is refused before any route: answer it like every error.
    frameworkErrors: frameworkErrorHandler(config),
  });
  // `db` is the main database; modules get the routed handle, which follows a bound tenant's datasource.
  const tenancy = new Tenancy(db, config);
  const routed = tenancy.routed;
  const clients = new ClientRegistry(db);
  const signer = new TokenSigner(config.jwtSecret);
  const audit = new AuditLog(db, config.production ? 'prod' : 'dev');

  app.decorate('config', config);
  app.decorate('db', routed);
  app.decorate('routeDefs', []);
  // A stop ends the open event streams (they never finish by themselves), then lets the handlers already
  // running finish (bounded: a streamed export completes) before any close hook or the pool goes.
  app.decorate('inFlight', new InFlight());
  app.addHook('preClose', async () => {
    await app.services.events.close();
    await app.inFlight!.settled(CLOSE_GRACE_MS);
  });
  const onEventsError = (err: unknown) => app.log.error({ err }, 'live events');
  app.decorate('services', createServices({ config, db: routed, tenancy, clients, signer, audit }, { listen: opts.listen, onError: onEventsError }));
  app.addHook('onClose', () => tenancy.close());
  // The outbox worker delivers once the app is ready and finishes its batch before the app closes;
  // OUTBOX_WORKER=off leaves delivery to other processes (tests drain explicitly: server/test/app.ts).
  if (config.outboxWorker) {
    app.addHook('onReady', async () => app.services.outbox.start(app.log));
    app.addHook('onClose', () => app.services.outbox.stop());
  }
  app.addHook('onClose', async () => app.services.mail.close?.());
  app.addHook('onClose', () => app.services.deptTrees.close());
  // Listening before the first request, so the first requests are kept already.
  app.addHook('onReady', async () => void app.services.access.start());
  const stopDropping = dropOnLocalWrites(db, app.services);
  app.addHook('onClose', async () => {
    stopDropping();
    await app.services.access.close();
  });

  installDenyByDefault(app);
  installErrorHandler(app, audit);
  installSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        frameAncestors: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(rateLimit, { global: false });
  await app.register(cookie);
  await app.register(formbody, { bodyLimit: 16384 });
  installGuard(app, { tenancy, clients, signer, config });
  if (config.apiCrypto) installEncryption(app, config.aesKey);
  audit.install(app);

  for (const mod of MODULES) await app.register(mod);
  await app.register(eventRoutes);
  installTenantSync(app, tenancy, app.services.tenantSync);

  // The document is built when the docs are first asked for, not at every start (cold start, issue 18).
  let openApi: Record<string, unknown> | undefined;
  const doc = () => (openApi ??= buildOpenApi(app, VERSION));
  const lazyDoc = new Proxy({} as Record<string, unknown>, {
    get: (_, k) => Reflect.get(doc(), k),
    has: (_, k) => Reflect.has(doc(), k),
    ownKeys: () => Reflect.ownKeys(doc()),
    getOwnPropertyDescriptor: (_, k) => Reflect.getOwnPropertyDescriptor(doc(), k),
  });
  await app.register(swagger, { mode: 'static', specification: { document: lazyDoc as never } });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
  app.get('/api/openapi.json', { config: { access: { public: 'open' } } }, async () => buildOpenApi(app, VERSION));

  const webDist = opts.webDist ?? config.webDist;
  if (webDist) await serveWebApp(app, config, webDist);
  return app;
}
