import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PAGE_SIZE, pageQuery } from '@gsl/contract';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { filterExpressions, paginate, type FieldWhitelist } from './paging.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const fields: FieldWhitelist = {
  paramName: { column: 'p.paramName', kind: 'text' },
  paramKey: { column: 'p.paramKey', kind: 'text' },
  createTime: { column: 'p.createTime', kind: 'date' },
  id: { column: 'p.id', kind: 'id' },
};

async function page(query: Record<string, string>) {
  const pq = pageQuery.parse(query);
  const base = t.db
    .selectFrom('bladeParam as p')
    .where('p.isDeleted', '=', 0)
    .where((eb) => eb.and(filterExpressions(eb, query, fields)));
  return paginate(base, (qb) => qb.select(['p.id', 'p.paramKey', 'p.paramName']), pq, fields, [['p.id', 'asc']]);
}

describe('paging and suffix filters', () => {
  it('defaults to page 1 of 10 and reports total and pages', async () => {
    const r = await page({});
    expect(r.current).toBe(1);
    expect(r.size).toBe(DEFAULT_PAGE_SIZE);
    expect(r.total).toBeGreaterThanOrEqual(5);
    expect(r.pages).toBe(Math.ceil(r.total / 10));
  });

  it('filters by contains, likeright, equal and ignores empty values and unknown fields', async () => {
    expect((await page({ paramKey: 'banner' })).records.map((r) => r.paramKey)).toEqual(['portal.banner.interval']);
    expect((await page({ paramKey_likeright: 'portal.' })).total).toBe(3);
    expect((await page({ paramKey_equal: 'portal' })).total).toBe(0);
    expect((await page({ paramKey: '', bogus: 'x', paramName_like: '' })).total).toBe((await page({})).total);
  });

  it('treats SQL and LIKE metacharacters as plain text', async () => {
    for (const v of ["' or 1=1 --", '%', '_', "x'); drop table blade_param; --", '\\']) {
      expect((await page({ paramName: v })).total).toBe(0);
    }
    expect((await page({})).total).toBeGreaterThanOrEqual(5);
  });

  it('date suffixes take yyyy-MM-dd and refuse nonsense with a Chinese message', async () => {
    expect((await page({ createTime_dategt: '2000-01-01' })).total).toBeGreaterThan(0);
    expect((await page({ createTime_datelt: '2000-01-01 00:00:00' })).total).toBe(0);
    await expect(page({ createTime_dategt: '2024-02-30' })).rejects.toThrow('日期不存在');
    await expect(page({ createTime_dategt: 'yesterday' })).rejects.toThrow(/日期格式不正确/);
  });

  it('sorts only by whitelisted fields', async () => {
    const r = await page({ descs: 'param_key', size: '2' });
    expect(r.records.map((x) => x.paramKey)).toEqual(['portal.table.pageSize', 'portal.entry.default']);
    await expect(page({ ascs: 'password_hash' })).rejects.toThrow('不支持按 password_hash 排序');
  });

  it('bounds the page size at 5000 and refuses negative or huge paging', () => {
    expect(pageQuery.safeParse({ size: '5001' }).error?.issues[0].message).toBe('每页条数不能超过5000');
    expect(pageQuery.safeParse({ current: '-1' }).error?.issues[0].message).toBe('页码不能小于1');
    expect(pageQuery.safeParse({ size: 'abc' }).success).toBe(false);
  });
});
