import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import type { ZodType } from 'zod';
import type { PermissionCode } from '@gsl/contract';
import type { Actor } from '../access/actor.js';
import { badRequest, forbidden, unauthorized } from './errors.js';
import { success } from './envelope.js';
import { hasNul, parsePart } from './validation.js';
import { bladexInput } from './bladex-input.js';
import { PreparedAnswer, sendPrepared } from './prepared.js';
import type { InFlight } from './in-flight.js';

/**
 * Who may call a route. `open`: anyone (health, docs, sign-on pages); `client`: a valid client
 * (Basic) but no token (token, captcha); otherwise a token and the named permission — or any one of
 * several codes, for a read that several screens need (the menu tree of the menu and scope screens) —
 * or 'authenticated' for calls every signed-in user makes (user-info, menus, logout).
 */
export type Access = { public: 'open' } | { public: 'client' } | { permission: PermissionCode | 'authenticated' | readonly PermissionCode[] };

/** The codes of a permission declaration (one, several, or none for 'authenticated'). */
export const permissionCodes = (permission: PermissionCode | 'authenticated' | readonly PermissionCode[]): readonly string[] =>
  permission === 'authenticated' ? [] : typeof permission === 'string' ? [permission] : permission;

/**
 * Data-scope declaration of a route (wire contract §5). Purely descriptive: the route still applies
 * the scope itself (resolveScope + scopePredicate in its repo); the quality harness
 * (server/src/platform/quality) reads this to check, for every declaring route, that a record of an
 * org outside the caller's scope answers 404 and that lists never show another org's rows.
 * Table and column names are snake_case SQL names.
 */
export interface RouteScope {
  /**
   * The data-scope resource (blade_scope_data.resource_code) whose role rules limit the route. Absent:
   * the route admits exactly the caller's own line of the org tree (its dept, ancestors and descendants);
   * absent with an `ownerColumn`, exactly the caller's own rows, whatever the roles (a user's notes).
   */
  resource?: string;
  /** The route reads or writes records named by id (comma-separated for `ids`): out of scope is 404. */
  record?: {
    table: string;
    /** Where the id travels, e.g. 'query.id', 'query.ids', 'params.id', 'body.id', 'query.deptId'. */
    idFrom: `${'query' | 'params' | 'body'}.${string}`;
    /** Column the id names when it is not `id` (a file's unguessable `public_id`). */
    idColumn?: string;
    /** Column holding the record's dept ('id' when the table is blade_dept itself). */
    deptColumn: string;
    /** Column holding the record's creator, for the "own records" scope type. */
    ownerColumn?: string;
    /** SQL condition on the table for rows the route can address at all (e.g. 'is_deleted = 0'). */
    where?: string;
  };
  /**
   * The route answers a file that holds no org's records (a blank import template): why. Every route
   * that answers a file declares `record`, `list` (an export: its rows are the list's) or this.
   */
  none?: string;
  /** The route lists records: every one returned is inside the scope, and every one inside is returned. */
  list?: {
    table: string;
    deptColumn: string;
    ownerColumn?: string;
    /** Field of each returned record that holds the table's id (default 'id'). */
    idField?: string;
    /** SQL condition on the table for rows the list shows regardless of scope (e.g. 'is_deleted = 0'). */
    where?: string;
  };
}

export interface RouteContext<Q, B, P> {
  req: FastifyRequest;
  reply: FastifyReply;
  query: Q;
  body: B;
  params: P;
  /** The signed-in user; present on every route that needs a token. */
  actor: Actor;
}

export interface RouteDef<Q = unknown, B = unknown, P = unknown> {
  method: Extract<HTTPMethods, 'GET' | 'POST' | 'PUT' | 'DELETE'>;
  url: string;
  /** The specification's name for the call (shown in the OpenAPI document). */
  summary: string;
  tags: string[];
  access: Access;
  query?: ZodType<Q>;
  body?: ZodType<B>;
  params?: ZodType<P>;
  /**
   * Schema of `data` inside the envelope, from the contract (its type is what the web infers). It documents
   * the answer (OpenAPI) and is not the serializer: a Fastify response schema would drop every field it does
   * not name and coerce mistyped values, so a schema lagging behind a view would silently change answers.
   */
  response?: ZodType;
  /**
   * Fields of the answer a client may send back with the body, taken without them (BladeX clients echo the
   * record they read): 'answer' for every field of `response`, or the names. Besides these, the generic
   * read-only fields of bladex-input.ts hold on every BladeX route.
   */
  readOnly?: 'answer' | readonly string[];
  /** Write an api log row; defaults to true for non-GET calls. */
  audit?: boolean;
  /** The handler answers by itself (files, token answers, pages); no envelope. */
  raw?: boolean;
  /** Answer content type documented for raw routes. */
  produces?: string;
  rateLimit?: { max: number; timeWindow: number };
  bodyLimit?: number;
  /** Errors answer `{ error_code, error_description }` instead of the envelope (token endpoint). */
  oauthErrors?: boolean;
  /** Content types the body may come as (default JSON). */
  consumes?: string[];
  /** How the org tree limits the route (metadata only: read by the quality harness, no effect on behaviour). */
  scope?: RouteScope;
  /**
   * The route answers one stored file named by `query.id` and may be opened as a plain link (an img
   * src, a new tab): besides the Blade-Auth header it accepts a download token for that very file in
   * the `Blade-Auth` query parameter. No other route reads a token from the query string, so access
   * tokens never land in URLs, logs or browser history.
   */
  downloadLink?: boolean;
  handler: (ctx: RouteContext<Q, B, P>) => Promise<unknown> | unknown;
}

export interface RouteConfig {
  access: Access;
  audit: boolean;
  summary: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    routeDefs: RouteDef<any, any, any>[];
    /** Handlers still running (a stop lets them finish before the database closes); absent on a bare instance. */
    inFlight?: InFlight;
  }
  interface FastifyContextConfig {
    access?: Access;
    audit?: boolean;
    summary?: string;
    downloadLink?: boolean;
    fileLink?: boolean;
  }
  interface FastifyRequest {
    actor: Actor | null;
  }
}

/**
 * A GET that answers a file (an export, a template): BladeX's Saber opens it with window.open, which sends
 * no headers, so it carries the access token in the `Blade-Auth` query parameter (README "Using a
 * BladeX/Saber client"). Only such routes read a token there; pages (text/html) and JSON never do.
 */
export const isFileLink = (def: Pick<RouteDef, 'method' | 'raw' | 'produces' | 'downloadLink'>) =>
  def.method === 'GET' && !!def.raw && !def.downloadLink && !!def.produces && !/html|json|event-stream/.test(def.produces);

/** The query without the token a file link carries (the guard has read it; the route's filters never see it). */
function withoutToken(query: unknown): unknown {
  if (!query || typeof query !== 'object') return query;
  const { 'Blade-Auth': _a, 'blade-auth': _b, ...rest } = query as Record<string, unknown>;
  return rest;
}

/** Registers one route from its definition: validation, access, envelope, documentation. */
export function route<Q = unknown, B = unknown, P = unknown>(app: FastifyInstance, def: RouteDef<Q, B, P>): void {
  app.routeDefs.push(def as RouteDef<any, any, any>);
  const fileLink = isFileLink(def);
  app.route({
    method: def.method,
    url: def.url,
    bodyLimit: def.bodyLimit,
    config: {
      access: def.access,
      audit: def.audit ?? def.method !== 'GET',
      summary: def.summary,
      oauthErrors: def.oauthErrors,
      downloadLink: def.downloadLink ?? false,
      fileLink,
      ...(def.rateLimit ? { rateLimit: def.rateLimit } : {}),
    },
    handler: async (req, reply) => {
      if (hasNul(req.query) || hasNul(req.body) || hasNul(req.params)) throw badRequest('请求内容包含非法字符');
      // What BladeX clients send (fields in the query, values echoed back) read as ours (README "Using a BladeX/Saber client").
      const input = bladexInput(def, { query: fileLink ? withoutToken(req.query) : req.query, body: req.body });
      const query = def.query ? parsePart(def.query, input.query, 'query') : (input.query as Q);
      const body = def.body ? parsePart(def.body, input.body, 'body') : (input.body as B);
      const params = def.params ? parsePart(def.params, req.params, 'params') : (req.params as P);
      const actor = req.actor as Actor;
      if ('permission' in def.access) {
        if (!actor) throw unauthorized();
        if (!actor.allowed) throw forbidden();
      }
      const work = Promise.resolve(def.handler({ req, reply, query, body, params, actor }));
      const result = await (app.inFlight ? app.inFlight.track(work) : work);
      if (def.raw) return reply.sent ? reply : result;
      if (result instanceof PreparedAnswer) return sendPrepared(reply, result);
      return success(result);
    },
  });
}
