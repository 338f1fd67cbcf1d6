import {
  CamelCasePlugin,
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  sql,
  type Dialect,
  type QueryCompiler,
} from 'kysely';
import { jsonArrayFrom, jsonObjectFrom } from 'kysely/helpers/postgres';
import { describe, expect, it } from 'vitest';
import type { Database } from './schema.js';
import { CamelCaseResults, SnakeCaseCompiler, snakeCase } from './snake-case.js';

// The snake-casing moved from CamelCasePlugin's tree rewrite into the compiler (issue 18): every statement
// must come out exactly as the plugin made it — same SQL text, same parameters.
const dialect = (compiler: () => QueryCompiler): Dialect => ({
  createAdapter: () => new PostgresAdapter(),
  createDriver: () => new DummyDriver(),
  createIntrospector: (db) => new PostgresIntrospector(db),
  createQueryCompiler: compiler,
});
const before = new Kysely<Database>({ dialect: dialect(() => new PostgresQueryCompiler()), plugins: [new CamelCasePlugin()] });
const after = new Kysely<Database>({ dialect: dialect(() => new SnakeCaseCompiler()), plugins: [new CamelCaseResults()] });

const statements: Array<[string, (db: Kysely<Database>) => { compile(): { sql: string; parameters: readonly unknown[] } }]> = [
  [
    'select with joins, aliases, raw refs, subquery, order and paging',
    (db) =>
      db
        .selectFrom('bladeUserLoginLog as l')
        .leftJoin('bladeDept as d', 'd.id', 'l.deptId')
        .select(['l.id', 'l.loginType', 'd.deptName as orgName', sql.ref<string>('l.createTime').as('loggedAt')])
        .where('l.deptId', 'in', (eb) => eb.selectFrom('bladeDept as s').select('s.id').where('s.idPath', 'like', '0,1,%').where('s.isDeleted', '=', 0))
        .where(sql`${sql.ref('l.remoteIp')}::text`, 'like', '127%')
        .orderBy(sql.ref('l.createTime'), 'desc')
        .limit(10)
        .offset(20),
  ],
  [
    'count, group by, having',
    (db) =>
      db
        .selectFrom('aocMemberEnterprise as m')
        .select((eb) => ['m.regionCode', eb.fn.countAll<string>().as('memberTotal')])
        .where('m.isDeleted', '=', 0)
        .groupBy('m.regionCode')
        .having((eb) => eb.fn.countAll(), '>', 1),
  ],
  [
    'json helpers (nested objects keep their snake keys until the answer maps them)',
    (db) =>
      db
        .selectFrom('bladeUser as u')
        .select((eb) => [
          'u.realName',
          jsonObjectFrom(eb.selectFrom('bladeDept as d').select(['d.deptName', 'd.fullName']).whereRef('d.id', '=', 'u.deptId')).as('deptInfo'),
          jsonArrayFrom(eb.selectFrom('bladeUserRole as ur').select(['ur.roleId']).whereRef('ur.userId', '=', 'u.id')).as('roleList'),
        ]),
  ],
  [
    'insert with on conflict and returning',
    (db) =>
      db
        .insertInto('bladeParam')
        .values({ tenantId: '000001', paramName: 'n', paramKey: 'k', paramValue: 'v' } as never)
        .onConflict((oc) => oc.columns(['tenantId', 'paramKey'] as never).doUpdateSet({ paramValue: (eb: any) => eb.ref('excluded.paramValue') } as never))
        .returning(['id', 'paramKey', 'createTime']),
  ],
  [
    'update with from, and delete',
    (db) =>
      db
        .updateTable('bladeUser as u')
        .set({ realName: '张三', updateTime: sql`now()` } as never)
        .from('bladeDept as d')
        .whereRef('d.id', '=', 'u.deptId')
        .where('d.deptName', '=', 'x')
        .returning('u.updateTime'),
  ],
  ['delete', (db) => db.deleteFrom('bladeParam').where('paramKey', '=', 'x').where('isDeleted', '=', 1)],
  [
    'with (cte)',
    (db) =>
      db
        .with('recentLog', (q) => q.selectFrom('bladeUserLoginLog').select(['userId', 'createTime']))
        .selectFrom('recentLog')
        .selectAll(),
  ],
];

describe('snake-casing in the compiler', () => {
  it.each(statements)('%s: the same SQL and parameters as CamelCasePlugin', (_, build) => {
    const a = build(before).compile();
    const b = build(after).compile();
    expect(b.sql).toBe(a.sql);
    expect(b.parameters).toEqual(a.parameters);
    expect(b.sql).not.toMatch(/[a-z][A-Z]/); // no camelCase name reaches the database
  });

  it('maps names as the plugin does, and leaves snake names alone', () => {
    expect(snakeCase('createTime')).toBe('create_time');
    expect(snakeCase('bladeUserLoginLog')).toBe('blade_user_login_log');
    expect(snakeCase('create_time')).toBe('create_time');
    expect(snakeCase('id')).toBe('id');
  });
});
