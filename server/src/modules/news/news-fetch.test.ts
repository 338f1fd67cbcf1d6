import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchFeed, parseEntries, retryAfterMs, type FetchOptions } from './news-fetch.js';
import { nextDelayMs } from './news-schedule.js';
import { titleKey } from './news-ingest.js';

/** Feeds served by the test itself on loopback: good, conditional, limited, malformed, huge and slow. */
const RSS = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0"><channel><title>测试源</title>
<item><title>江苏省工商联召开民营经济座谈会</title><link>https://news.example.cn/a/1</link><guid>a-1</guid>
<description><![CDATA[<p>会议在<b>南京</b>召开 &amp; 部署工作</p>]]></description><pubDate>Tue, 24 Nov 2026 08:00:00 GMT</pubDate></item>
<item><title>无标题链接</title><link>javascript:alert(1)</link></item>
</channel></rss>`;
const ATOM = `<?xml version="1.0" encoding="utf-8"?><feed xmlns="http://www.w3.org/2005/Atom"><title>Atom 源</title>
<entry><id>tag:example,2026:1</id><title>商会换届选举完成</title><link href="https://news.example.cn/b/1"/><updated>2026-11-25T10:00:00Z</updated>
<summary>第三届理事会选举产生</summary><author><name>记者</name></author></entry></feed>`;

let base = '';
const seen: Record<string, http.IncomingHttpHeaders> = {};
const server = http.createServer((req, res) => {
  seen[req.url!] = req.headers;
  switch (req.url) {
    case '/rss':
      if (req.headers['if-none-match'] === '"v1"') {
        res.writeHead(304);
        return res.end();
      }
      res.writeHead(200, { 'content-type': 'application/rss+xml; charset=utf-8', etag: '"v1"', 'last-modified': 'Tue, 24 Nov 2026 08:00:00 GMT' });
      return res.end(RSS);
    case '/atom':
      res.writeHead(200, { 'content-type': 'application/atom+xml' });
      return res.end(ATOM);
    case '/limited':
      res.writeHead(429, { 'retry-after': '120' });
      return res.end('slow down');
    case '/broken':
      res.writeHead(500);
      return res.end('oops');
    case '/huge-declared':
      res.writeHead(200, { 'content-type': 'application/xml', 'content-length': String(10 * 1024 * 1024) });
      return res.end();
    case '/huge-stream': {
      res.writeHead(200, { 'content-type': 'application/xml' });
      const chunk = Buffer.alloc(64 * 1024, 'x');
      let sent = 0;
      const push = () => {
        while (sent < 4 * 1024 * 1024) {
          sent += chunk.length;
          if (!res.write(chunk)) return res.once('drain', push);
        }
        res.end();
      };
      res.on('error', () => undefined);
      return push();
    }
    case '/slow':
      res.writeHead(200, { 'content-type': 'application/xml' });
      res.write('<rss>');
      return setTimeout(() => res.end('</rss>'), 3000).unref();
    case '/redirect':
      res.writeHead(302, { location: '/atom' });
      return res.end();
    default:
      res.writeHead(404);
      return res.end();
  }
});

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const opts = (extra: Partial<FetchOptions> = {}): FetchOptions => ({ timeoutMs: 1000, maxBytes: 256 * 1024, privateHosts: ['127.0.0.1'], ...extra });

describe('舆情监测 › fetching a feed', () => {
  it('reads RSS with its validators, then asks conditionally and takes 304 as "not modified"', async () => {
    const first = await fetchFeed(`${base}/rss`, opts());
    expect(first).toMatchObject({ kind: 'ok', status: 200, etag: '"v1"', lastModified: 'Tue, 24 Nov 2026 08:00:00 GMT' });
    const again = await fetchFeed(`${base}/rss`, opts({ etag: '"v1"', lastModified: 'Tue, 24 Nov 2026 08:00:00 GMT' }));
    expect(again).toEqual({ kind: 'not_modified', status: 304 });
    expect(seen['/rss']['if-none-match']).toBe('"v1"');
    expect(seen['/rss']['if-modified-since']).toBe('Tue, 24 Nov 2026 08:00:00 GMT');
  });

  it('parses RSS and Atom with the maintained parser: text without markup, only http(s) links', async () => {
    const rss = await fetchFeed(`${base}/rss`, opts());
    const items = parseEntries((rss as { body: string }).body);
    expect(items[0]).toMatchObject({
      guid: 'a-1',
      link: 'https://news.example.cn/a/1',
      title: '江苏省工商联召开民营经济座谈会',
      summary: '会议在 南京 召开 & 部署工作',
    });
    expect(items[0].infoTime?.toISOString()).toBe('2026-11-24T08:00:00.000Z');
    expect(items[1].link).toBeNull();
    const atom = await fetchFeed(`${base}/redirect`, opts());
    expect(parseEntries((atom as { body: string }).body)[0]).toMatchObject({ title: '商会换届选举完成', link: 'https://news.example.cn/b/1', author: '记者' });
  });

  it('honours 429 with Retry-After and reports HTTP errors', async () => {
    expect(await fetchFeed(`${base}/limited`, opts())).toMatchObject({ kind: 'rate_limited', status: 429, retryAfterMs: 120_000 });
    expect(await fetchFeed(`${base}/broken`, opts())).toMatchObject({ kind: 'error', status: 500, error: '订阅源返回错误(HTTP 500)' });
    expect(retryAfterMs('Wed, 21 Oct 2015 07:28:00 GMT', Date.parse('Wed, 21 Oct 2015 07:27:00 GMT'))).toBe(60_000);
    expect(retryAfterMs('soon')).toBeNull();
  });

  it('gives up on huge and slow feeds without waiting for them', async () => {
    expect(await fetchFeed(`${base}/huge-declared`, opts())).toMatchObject({ kind: 'error', error: '订阅内容超过大小上限(0.3MB)' });
    expect(await fetchFeed(`${base}/huge-stream`, opts())).toMatchObject({ kind: 'error', error: '订阅内容超过大小上限(0.3MB)' });
    const started = Date.now();
    expect(await fetchFeed(`${base}/slow`, opts({ timeoutMs: 300 }))).toMatchObject({ kind: 'error', error: '抓取超时(超过0秒)' });
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('refuses an address inside the internal network unless the host is allowed', async () => {
    expect(await fetchFeed(`${base}/rss`, opts({ privateHosts: [] }))).toMatchObject({ kind: 'error', error: '订阅地址指向内部网络,不能抓取' });
    expect(await fetchFeed('ftp://example.cn/feed', opts())).toMatchObject({ kind: 'error' });
  });

  it('throws on a body that is no feed (the scheduler records it)', () => {
    expect(() => parseEntries('<html><body>not a feed')).toThrow();
    expect(() => parseEntries('<<<>>>')).toThrow();
  });
});

describe('舆情监测 › schedule and duplicates', () => {
  it('waits the interval after success, Retry-After after 429, and backs off on errors up to a day', () => {
    const min = 60_000;
    expect(nextDelayMs({ kind: 'ok', status: 200, body: '', etag: null, lastModified: null }, 60, 0)).toBe(60 * min);
    expect(nextDelayMs({ kind: 'not_modified', status: 304 }, 30, 0)).toBe(30 * min);
    expect(nextDelayMs({ kind: 'rate_limited', status: 429, retryAfterMs: 120 * min, error: '' }, 60, 1)).toBe(120 * min);
    expect(nextDelayMs({ kind: 'rate_limited', status: 429, retryAfterMs: null, error: '' }, 60, 1)).toBe(120 * min);
    const errors = [1, 2, 3, 4].map((n) => nextDelayMs({ kind: 'error', status: 500, error: '' }, 60, n));
    expect(errors).toEqual([15 * min, 30 * min, 60 * min, 120 * min]);
    expect(nextDelayMs({ kind: 'error', status: null, error: '' }, 60, 40)).toBe(24 * 60 * min);
  });

  it('recognises the same title whatever its spaces, punctuation and width', () => {
    expect(titleKey('江苏 工商联：召开会议！')).toBe(titleKey('江苏工商联:召开会议!'));
    expect(titleKey('ＡＢＣ News')).toBe('abcnews');
  });
});
