import { DATASOURCE_MSG } from '@gsl/contract';

export interface DatasourceTarget {
  host: string;
  port: number;
  database: string;
}

/**
 * A datasource address as administrators paste it — BladeX's JDBC form `jdbc:postgresql://host:port/db`
 * or a libpq URL `postgres(ql)://host:port/db` — reduced to host, port and database. Credentials
 * belong in their own fields (the password is stored encrypted), never in the address.
 */
export function parseDatasourceUrl(raw: string, allowedHosts: readonly string[]): DatasourceTarget | { error: string } {
  const text = raw.trim().replace(/^jdbc:/i, '');
  if (!/^postgres(ql)?:\/\//i.test(text)) return { error: DATASOURCE_MSG.urlFormat };
  let url: URL;
  try {
    url = new URL(text.replace(/^postgres(ql)?:/i, 'http:'));
  } catch {
    return { error: DATASOURCE_MSG.urlFormat };
  }
  if (url.username || url.password) return { error: DATASOURCE_MSG.credentialsInUrl };
  const database = decodeURIComponent(url.pathname.replace(/^\//, ''));
  if (!url.hostname || !/^[A-Za-z0-9_][A-Za-z0-9_$-]{0,62}$/.test(database)) return { error: DATASOURCE_MSG.urlFormat };
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (!allowedHosts.includes(host)) return { error: DATASOURCE_MSG.hostNotAllowed };
  return { host, port: url.port ? Number(url.port) : 5432, database };
}

/** The libpq connection string of a target with its credentials. */
export function connectionString(t: DatasourceTarget, username: string, password: string): string {
  const host = t.host.includes(':') ? `[${t.host}]` : t.host;
  const auth = password ? `${encodeURIComponent(username)}:${encodeURIComponent(password)}` : encodeURIComponent(username);
  return `postgres://${auth}@${host}:${t.port}/${encodeURIComponent(t.database)}`;
}

/** The address as shown and stored: the JDBC form administrators know. */
export function displayUrl(t: DatasourceTarget): string {
  const host = t.host.includes(':') ? `[${t.host}]` : t.host;
  return `jdbc:postgresql://${host}:${t.port}/${t.database}`;
}
