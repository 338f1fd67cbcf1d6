import { timingSafeEqual } from 'node:crypto';
import type { Db } from '../../db/connection.js';
import { sha256 } from './tokens.js';

export interface ClientRow {
  clientId: string;
  clientSecretHash: string;
  authorizedGrantTypes: string;
  webServerRedirectUri: string | null;
  accessTokenValidity: number;
  refreshTokenValidity: number;
}

export function parseBasic(header: string | undefined): { clientId: string; secret: string } | null {
  if (!header) return null;
  const m = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header);
  if (!m) return null;
  const text = Buffer.from(m[1], 'base64').toString('utf8');
  const i = text.indexOf(':');
  if (i <= 0) return null;
  return { clientId: text.slice(0, i), secret: text.slice(i + 1) };
}

/**
 * The client check on every call. Rows are cached for a few seconds (a changed secret takes
 * effect within CACHE_MS on every process) so a request does not cost a query for it.
 */
export class ClientRegistry {
  private cache = new Map<string, { row: ClientRow | null; at: number }>();
  /** Basic headers whose secret matched, with the row they matched. */
  private readonly matched = new Map<string, ClientRow>();
  static CACHE_MS = 5000;
  constructor(private readonly db: Db) {}

  async find(clientId: string): Promise<ClientRow | null> {
    if (clientId.length > 48) return null;
    const hit = this.cache.get(clientId);
    if (hit && Date.now() - hit.at < ClientRegistry.CACHE_MS) return hit.row;
    const row =
      (await this.db
        .selectFrom('bladeClient')
        .select(['clientId', 'clientSecretHash', 'authorizedGrantTypes', 'webServerRedirectUri', 'accessTokenValidity', 'refreshTokenValidity'])
        .where('clientId', '=', clientId)
        .where('isDeleted', '=', 0)
        .where('status', '=', 1)
        .executeTakeFirst()) ?? null;
    if (this.cache.size > 1000) this.cache.clear();
    this.cache.set(clientId, { row, at: Date.now() });
    return row;
  }

  /** The client named by a Basic header when its secret matches, else null. */
  async authenticate(header: string | undefined): Promise<ClientRow | null> {
    const basic = parseBasic(header);
    if (!basic) return null;
    const row = await this.find(basic.clientId);
    if (!row) return null;
    // The same header against the same row read (a re-read is a new object) matched before: no hash again.
    if (this.matched.get(header!) === row) return row;
    const given = Buffer.from(sha256(basic.secret), 'hex');
    const stored = Buffer.from(row.clientSecretHash, 'hex');
    if (given.length !== stored.length || !timingSafeEqual(given, stored)) return null;
    if (this.matched.size >= 1000) this.matched.clear();
    this.matched.set(header!, row);
    return row;
  }

  invalidate(): void {
    this.cache.clear();
    this.matched.clear();
  }
}
