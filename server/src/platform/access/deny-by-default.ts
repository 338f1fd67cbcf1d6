import type { FastifyInstance } from 'fastify';
import { isPermissionCode } from '@gsl/contract';
import { GUARDED_PREFIXES, PUBLIC_PREFIXES, PUBLIC_ROUTES } from './public-routes.js';
import { permissionCodes } from '../http/route.js';

/**
 * Deny by default (architecture §3): every /api and /sso route must declare a permission, or be
 * public and on PUBLIC_ROUTES with the same kind. Violations stop the server at ready().
 */
export function installDenyByDefault(app: FastifyInstance): void {
  const problems: string[] = [];
  app.addHook('onRoute', (opts) => {
    const url = opts.url ?? '';
    if (!GUARDED_PREFIXES.some((p) => url.startsWith(p)) || PUBLIC_PREFIXES.some((p) => url.startsWith(p))) return;
    const methods = (Array.isArray(opts.method) ? opts.method : [opts.method]).filter((m) => m !== 'HEAD');
    const access = opts.config?.access;
    for (const method of methods) {
      const key = `${method} ${url}`;
      if (!access) problems.push(`${key}: no access declaration`);
      else if ('public' in access && PUBLIC_ROUTES[key] !== access.public) problems.push(`${key}: public (${access.public}) but not on PUBLIC_ROUTES`);
      else if ('permission' in access && PUBLIC_ROUTES[key]) problems.push(`${key}: on PUBLIC_ROUTES but declares a permission`);
      else if ('permission' in access) {
        const codes = permissionCodes(access.permission);
        if (access.permission !== 'authenticated' && !codes.length) problems.push(`${key}: an empty list of permission codes`);
        for (const code of codes) if (!isPermissionCode(code)) problems.push(`${key}: permission "${code}" is not in the contract's registry`);
      }
    }
  });
  app.addHook('onReady', async () => {
    if (problems.length) throw new Error(`deny by default — routes without a valid access declaration:\n  ${problems.join('\n  ')}`);
  });
}
