import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Helmet's security headers on every answer. Our policy is the same for every request (no nonces), so
 * helmet runs once at start on a stand-in response and the headers it set are what every request gets;
 * @fastify/helmet built the whole middleware, parsing the policy, again on each request (issue 18's
 * profile). A route that sets a stricter header of its own (the sign-on pages) still overrides it.
 */
export function installSecurityHeaders(app: FastifyInstance, options: Readonly<HelmetOptions>): void {
  const headers = headersOf(options);
  app.addHook('onRequest', (_req, reply, done) => {
    reply.headers(headers);
    done();
  });
}

/** The headers helmet sets with `options`. */
export function headersOf(options: Readonly<HelmetOptions>): Record<string, string> {
  const set: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: string | number | readonly string[]) =>
      void (set[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value)),
    removeHeader: (name: string) => void delete set[name.toLowerCase()],
    getHeader: (name: string) => set[name.toLowerCase()],
  };
  let failed: unknown;
  helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, (err?: unknown) => {
    failed = err;
  });
  if (failed) throw failed instanceof Error ? failed : new Error(String(failed));
  return Object.freeze(set) as Record<string, string>;
}
