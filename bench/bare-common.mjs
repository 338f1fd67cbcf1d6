// What the bare baselines (bare-server, bare-members, bare-leaders, bare-cockpit) share: the server's own
// fastify and pg (same versions as the product), int8 as text like the product, a pool of 10 in the session
// time zone the product sets, the account's dept row (its scope), and listening and stopping. Each baseline
// adds only its SQL and its one handler.
//   env: DATABASE_URL, HOST, PORT, ACCOUNT, TIME_ZONE
import { createRequire } from 'node:module';
import { join } from 'node:path';

const requireServer = createRequire(join(import.meta.dirname, '..', 'server', 'package.json'));
export const Fastify = requireServer('fastify');
const pg = requireServer('pg');

pg.types.setTypeParser(20, (v) => v);

export const timeZone = process.env.TIME_ZONE || 'Asia/Shanghai';
export const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10, options: `-c TimeZone=${timeZone}` });
pool.on('error', () => {});

/** The account's dept: id (text), id_path and tenant_id; exits when there is no such user. */
export async function deptOf(name, fallbackAccount) {
  const account = process.env.ACCOUNT || fallbackAccount;
  const { rows } = await pool.query(
    'select d.id::text, d.id_path, d.tenant_id from blade_user u join blade_dept d on d.id = u.dept_id where u.account = $1 and u.is_deleted = 0',
    [account],
  );
  if (!rows.length) {
    console.error(`${name}: no user ${account}`);
    process.exit(1);
  }
  return rows[0];
}

/** A Fastify app with the health call the bench waits for. */
export function bareApp() {
  const app = Fastify({ logger: false });
  app.get('/api/health', async () => ({ ok: true }));
  return app;
}

/** Listens on HOST:PORT and closes the app and the pool on SIGTERM or SIGINT. */
export async function serve(app) {
  await app.listen({ host: process.env.HOST || '127.0.0.1', port: Number(process.env.PORT) });
  const stop = async () => {
    await app.close();
    await pool.end();
    process.exit(0);
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

/** The product's envelope of a page. */
export const pageEnvelope = (records, total, size, current) => ({
  code: 200,
  success: true,
  data: { records, total, size, current, pages: Math.ceil(total / size) },
  msg: '操作成功',
});
