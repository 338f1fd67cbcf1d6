import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NEWS_MSG, NEWS_PATHS as P } from '@gsl/contract';
import type { TestApp } from '../../../test/app.js';
import { useTestApp } from '../../../test/use-test-app.js';

let t: TestApp;
const tokens = useTestApp(['admin', 'js_aoc', 'nj_aoc', 'nj_coc'], (app) => (t = app), { newsFetchTimeoutMs: 400, newsFetchMaxBytes: 64 * 1024 });

const get = (who: string | undefined, url: string, query: Record<string, string> = {}) => t.call({ url, token: who ? tokens[who] : undefined, query });
const post = (who: string, url: string, body?: unknown, query?: Record<string, string>) => t.call({ method: 'POST', url, token: tokens[who], body, query });
const drain = () => t.app.services.outbox.drainUntilIdle();

/** Names of the demo data: a member of nj_coc's chamber, and one of a Suzhou org (outside Nanjing). */
let njMember: { id: string; name: string };
let szMember: { id: string; name: string };
const stamp = Date.now().toString(36);

const rss = (items: Array<{ title: string; link?: string; guid?: string; description?: string }>) =>
  `<?xml version="1.0" encoding="UTF-8"?><rss version="2.0"><channel><title>测试源</title>${items
    .map(
      (i) =>
        `<item><title>${i.title}</title>${i.link ? `<link>${i.link}</link>` : ''}${i.guid ? `<guid>${i.guid}</guid>` : ''}<description>${i.description ?? ''}</description><pubDate>${new Date().toUTCString()}</pubDate></item>`,
    )
    .join('')}</channel></rss>`;

let feed = '';
let base = '';
const hits: Record<string, number> = {};
const server = http.createServer((req, res) => {
  hits[req.url!] = (hits[req.url!] ?? 0) + 1;
  if (req.url === '/good') {
    if (req.headers['if-none-match'] === `"${stamp}"`) {
      res.writeHead(304);
      return res.end();
    }
    res.writeHead(200, { 'content-type': 'application/rss+xml; charset=utf-8', etag: `"${stamp}"` });
    return res.end(feed);
  }
  if (req.url === '/malformed') {
    res.writeHead(200, { 'content-type': 'application/xml' });
    return res.end('<html><body><p>this is no feed');
  }
  if (req.url === '/limited') {
    res.writeHead(429, { 'retry-after': '3600' });
    return res.end();
  }
  if (req.url === '/huge') {
    res.writeHead(200, { 'content-type': 'application/xml' });
    return res.end(`<rss><channel>${'<item><title>x</title></item>'.repeat(5000)}</channel></rss>`);
  }
  if (req.url === '/slow') {
    res.writeHead(200, { 'content-type': 'application/xml' });
    res.write('<rss>');
    return setTimeout(() => res.end('</rss>'), 3000).unref();
  }
  res.writeHead(404);
  res.end();
});

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const memberOf = (dept: string) =>
    t.db
      .selectFrom('aocMemberEnterprise as m')
      .innerJoin('bladeDept as d', 'd.id', 'm.deptId')
      .select(['m.id', 'm.name'])
      .where('d.deptName', '=', dept)
      .where('m.isDeleted', '=', 0)
      .orderBy('m.id')
      .executeTakeFirstOrThrow();
  njMember = await memberOf('南京市浙江商会');
  szMember = await memberOf('苏州市工商联');
  feed = rss([
    {
      title: `${njMember.name}获评省级专精特新企业`,
      link: `https://news.example.cn/${stamp}/1`,
      guid: `${stamp}-1`,
      description: `<p>${njMember.name}近日获评。</p>`,
    },
    { title: `${szMember.name}新厂投产`, link: `https://news.example.cn/${stamp}/2`, guid: `${stamp}-2` },
    { title: `民营经济发展大会召开 ${stamp}`, link: `https://news.example.cn/${stamp}/3`, guid: `${stamp}-3` },
    { title: `与本会无关的天气预报 ${stamp}`, link: `https://news.example.cn/${stamp}/4`, guid: `${stamp}-4` },
    // The same news again under another link, its title spaced and punctuated differently.
    { title: `民营经济发展大会召开！${stamp}`, link: `https://other.example.cn/${stamp}/3`, guid: `${stamp}-5` },
  ]);
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const titles = (res: { body: { data: { records: Array<{ title: string }> } } }) => res.body.data.records.map((r) => r.title);

describe('舆情监测 › sources and keywords', () => {
  it('needs a token and the administrators’ grant, and refuses bad input in Chinese', async () => {
    expect((await get(undefined, P.list)).status).toBe(401);
    expect((await get('nj_coc', P.sourceList)).status).toBe(403);
    expect((await post('nj_aoc', P.sourceSubmit, { name: '源', url: `${base}/good` })).status).toBe(403);
    expect((await post('admin', P.sourceSubmit, { name: '', url: `${base}/good` })).body.msg).toBe(NEWS_MSG.sourceNameRequired);
    expect((await post('admin', P.sourceSubmit, { name: '源', url: 'ftp://x' })).body.msg).toBe(NEWS_MSG.sourceUrlBad);
    expect((await post('admin', P.sourceSubmit, { name: '源', url: `${base}/good`, intervalMinutes: 1 })).body.msg).toBe(NEWS_MSG.intervalBad);
    expect((await post('admin', P.keywordSubmit, { keyword: ' ' })).body.msg).toBe(NEWS_MSG.keywordRequired);
  });

  it('fetches a feed on the job worker: duplicates dropped, unmatched left out, members and orgs tagged', async () => {
    expect((await post('admin', P.keywordSubmit, { keyword: '民营经济' })).body).toMatchObject({ code: 200, msg: '新增成功' });
    expect((await post('admin', P.keywordSubmit, { keyword: '民营经济' })).body.msg).toBe(NEWS_MSG.keywordExists);
    const added = await post('admin', P.sourceSubmit, { name: '测试新闻源', url: `${base}/good`, intervalMinutes: 30 });
    expect(added.body).toMatchObject({ code: 200, msg: '新增成功', data: { lastStatus: 'pending', enabled: 1, matchOnly: 1 } });
    expect((await post('admin', P.sourceSubmit, { name: '又一个', url: `${base}/good` })).body.msg).toBe(NEWS_MSG.sourceExists);
    await drain();

    const health = (await get('admin', P.sourceList)).body.data.records.find((s: { url: string }) => s.url === `${base}/good`);
    expect(health).toMatchObject({ lastStatus: 'ok', lastStatusName: '成功', lastHttpStatus: 200, itemCount: 3, consecutiveFailures: 0, lastError: null });
    const next = new Date(`${health.nextFetchTime.replace(' ', 'T')}+08:00`).getTime();
    expect(next - Date.now()).toBeGreaterThan(25 * 60_000);

    const all = await get('js_aoc', P.list, { keyword: stamp, size: '50' });
    expect(all.body.data.total).toBe(1); // the keyword filter: only the general item carries the stamp in its title
    const mine = await get('js_aoc', P.list, { size: '50' });
    const found = mine.body.data.records.filter((r: { link: string }) => r.link?.includes(stamp));
    expect(found).toHaveLength(3);
    const nj = found.find((r: { title: string }) => r.title.startsWith(njMember.name));
    expect(nj.mentions).toContainEqual({ kind: 'enterprise', refId: njMember.id, name: njMember.name });
    expect(found.find((r: { title: string }) => r.title.startsWith('民营经济')).keywords).toEqual(['民营经济']);
    // Sorted by info_time descending.
    const times = mine.body.data.records.map((r: { infoTime: string }) => r.infoTime);
    expect([...times].sort().reverse()).toEqual(times);

    // 立即抓取 asks again with the validator and takes the 304 as unchanged.
    expect((await post('admin', P.sourceFetch, undefined, { id: added.body.data.id })).body.msg).toBe(NEWS_MSG.fetchQueued);
    await drain();
    const after = (await get('admin', P.sourceList)).body.data.records.find((s: { url: string }) => s.url === `${base}/good`);
    expect(after).toMatchObject({ lastStatus: 'not_modified', lastHttpStatus: 304, itemCount: 3 });
    expect(hits['/good']).toBe(2);
  });

  it('keeps going past malformed, limited, huge and slow feeds, recording each and trying again later', async () => {
    for (const path of ['/malformed', '/limited', '/huge', '/slow'])
      expect((await post('admin', P.sourceSubmit, { name: `坏源${path}`, url: `${base}${path}` })).status).toBe(200);
    await drain();
    const list = (await get('admin', P.sourceList, { size: '50' })).body.data.records as Array<Record<string, any>>;
    const by = (p: string) => list.find((s) => s.url === `${base}${p}`)!;
    expect(by('/malformed')).toMatchObject({ lastStatus: 'error', lastError: '订阅内容不是有效的 RSS/Atom', consecutiveFailures: 1 });
    expect(by('/limited')).toMatchObject({ lastStatus: 'rate_limited', lastHttpStatus: 429, consecutiveFailures: 1 });
    expect(by('/huge')).toMatchObject({ lastStatus: 'error', lastError: '订阅内容超过大小上限(0.1MB)' });
    expect(by('/slow').lastError).toMatch(/^抓取超时/);
    for (const p of ['/malformed', '/limited', '/huge', '/slow']) expect(by(p).nextFetchTime).not.toBeNull();
    const limitedNext = new Date(`${by('/limited').nextFetchTime.replace(' ', 'T')}+08:00`).getTime();
    expect(limitedNext - Date.now()).toBeGreaterThan(55 * 60_000); // Retry-After: 3600
    // Each feed's current job is pending: none was given up (a replaced job does nothing when it comes due).
    const current = await t.db
      .selectFrom('aocNewsSource as s')
      .innerJoin('outboxJob as j', 'j.id', 's.jobId')
      .select(['s.id', 'j.status'])
      .where('s.isDeleted', '=', 0)
      .execute();
    expect(current.map((c) => c.status)).toEqual(list.map(() => 'pending'));
    expect(current).toHaveLength(list.length);
  });
});

describe('舆情监测 › reading', () => {
  it('shows each user the items naming orgs or members in their scope, and general items to all', async () => {
    const ours = (who: string) =>
      get(who, P.list, { size: '100' }).then((r) => titles(r).filter((x) => x.includes(stamp) || x.includes(njMember.name) || x.includes(szMember.name)));
    expect((await ours('nj_coc')).sort()).toEqual([`${njMember.name}获评省级专精特新企业`, `民营经济发展大会召开 ${stamp}`].sort());
    expect(await ours('nj_aoc')).toHaveLength(2);
    expect(await ours('js_aoc')).toHaveLength(3);

    const sz = (await get('js_aoc', P.list, { size: '100' })).body.data.records.find((r: { title: string }) => r.title.startsWith(szMember.name));
    expect((await get('nj_coc', P.detail, { id: sz.id })).status).toBe(404);
    const detail = await get('js_aoc', P.detail, { id: sz.id });
    expect(detail.body.data).toMatchObject({ id: sz.id, sourceName: '测试新闻源', isManual: 0 });
  });

  it('answers a member’s news for its profile', async () => {
    const res = await get('nj_coc', P.memberList, { kind: 'enterprise', memberId: njMember.id });
    expect(titles(res)).toContain(`${njMember.name}获评省级专精特新企业`);
    expect((await get('nj_coc', P.memberList, { kind: 'person', memberId: njMember.id })).body.msg).toBe(NEWS_MSG.memberKindBad);
    expect((await get('nj_coc', P.memberList, { kind: 'enterprise', memberId: szMember.id })).body.data.total).toBe(0);
  });

  it('counts what is new today and since the last visit', async () => {
    const first = await get('nj_coc', P.countNewAdd);
    expect(first.body.data.since).toBeNull();
    expect(first.body.data.count).toBeGreaterThanOrEqual(2);
    expect((await get('nj_coc', P.todayNewAdd)).body.data.count).toBeGreaterThanOrEqual(2);
    expect((await post('nj_coc', P.visit)).body.data.since).toBeNull();
    const then = await get('nj_coc', P.countNewAdd);
    expect(then.body.data).toMatchObject({ count: 0 });
    expect(then.body.data.since).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });
});

describe('舆情监测 › manual entry and removal', () => {
  it('enters an item by hand, tagged like a fetched one; a duplicate title is refused', async () => {
    expect((await post('nj_aoc', P.submit, { title: '', content: '正文' })).body.msg).toBe(NEWS_MSG.titleRequired);
    expect((await post('nj_aoc', P.submit, { title: '标题', content: '正文', link: 'javascript:1' })).body.msg).toBe(NEWS_MSG.linkBad);
    expect((await post('nj_aoc', P.submit, { title: '标题', content: '正文', infoTime: '2026/1/1' })).body.msg).toBe(NEWS_MSG.infoTimeBad);
    // The shape alone is not enough: a day or an hour that does not exist is refused the same way (not a 500).
    for (const infoTime of ['2024-02-30', '2024-13-01 10:00', '2024-02-29 24:00:00', '0000-00-00'])
      expect((await post('nj_aoc', P.submit, { title: '标题', content: '正文', infoTime })).body.msg).toBe(NEWS_MSG.infoTimeBad);
    const dup = await post('nj_aoc', P.submit, { title: `民营经济发展大会召开 ${stamp}`, content: '重复' });
    expect(dup.status).toBe(400);
    expect(dup.body.msg).toBe(NEWS_MSG.duplicate);

    const added = await post('nj_aoc', P.submit, {
      title: `走访${njMember.name} ${stamp}`,
      content: `市工商联走访${njMember.name},了解企业经营情况。`,
      sourceName: '南京日报',
      infoTime: '2026-11-20 09:30',
    });
    expect(added.body).toMatchObject({ code: 200, msg: '新增成功', data: { isManual: 1, sourceName: '南京日报', infoTime: '2026-11-20 09:30:00' } });
    expect(added.body.data.mentions).toContainEqual({ kind: 'enterprise', refId: njMember.id, name: njMember.name });
    expect((await post('nj_coc', P.countNewAdd)).status).toBe(404); // a GET call
    expect((await get('nj_coc', P.countNewAdd)).body.data.count).toBe(1);
  });

  it('removes only what the caller’s scope covers; a general item only with a scope over everything', async () => {
    const list = (await get('js_aoc', P.list, { size: '100' })).body.data.records as Array<{ id: string; title: string }>;
    const sz = list.find((r) => r.title.startsWith(szMember.name))!;
    const general = list.find((r) => r.title === `民营经济发展大会召开 ${stamp}`)!;
    const manual = list.find((r) => r.title.startsWith('走访'))!;
    expect((await post('nj_coc', P.remove, undefined, { ids: sz.id })).status).toBe(404);
    expect((await post('nj_coc', P.remove, undefined, { ids: `${general.id},${manual.id}` })).status).toBe(404);
    expect((await post('nj_aoc', P.remove, undefined, { ids: sz.id })).status).toBe(404);
    expect((await post('nj_aoc', P.remove, undefined, { ids: general.id })).status).toBe(404);
    expect((await post('nj_aoc', P.remove, undefined, { ids: manual.id })).body.msg).toBe('删除成功');
    expect((await get('nj_aoc', P.detail, { id: manual.id })).status).toBe(404);
    expect((await post('admin', P.remove, undefined, { ids: general.id })).body.msg).toBe('删除成功');
  });
});
