import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { parseFeed } from '@rowanmanning/feed-parser';
import { isPrivateAddress } from '../../platform/delivery/mail-accounts.js';

/**
 * One conditional GET of a feed (舆情监测's fetcher). Never throws: every outcome — new content, 304,
 * 429 with its Retry-After, an HTTP error, a timeout, a body over the size limit, an address inside the
 * internal network — is an answer the scheduler records on the feed-health list and plans the next fetch by.
 */
export interface FetchOptions {
  timeoutMs: number;
  maxBytes: number;
  /** Hosts allowed although they resolve to an internal address (NEWS_PRIVATE_HOSTS). */
  privateHosts: readonly string[];
  etag?: string | null;
  lastModified?: string | null;
  maxRedirects?: number;
}

export type FetchOutcome =
  | { kind: 'ok'; status: number; body: string; etag: string | null; lastModified: string | null }
  | { kind: 'not_modified'; status: 304 }
  | { kind: 'rate_limited'; status: number; retryAfterMs: number | null; error: string }
  | { kind: 'error'; status: number | null; error: string; retryAfterMs?: number | null };

const USER_AGENT = 'gsl-news-monitor/1.0 (+RSS/Atom)';

/** Retry-After: seconds, or an HTTP date (RFC 9110 §10.2.3); null when absent or unreadable. */
export function retryAfterMs(value: string | null, now = Date.now()): number | null {
  if (!value) return null;
  const v = value.trim();
  if (/^\d+$/.test(v)) return Number(v) * 1000;
  const at = Date.parse(v);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

async function refuseInternal(url: URL, privateHosts: readonly string[]): Promise<string | null> {
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (privateHosts.includes(host)) return null;
  let addresses: string[];
  try {
    addresses = isIP(host) ? [host] : (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);
  } catch {
    return `找不到订阅地址的主机 ${host}`;
  }
  if (!addresses.length) return `找不到订阅地址的主机 ${host}`;
  return addresses.some(isPrivateAddress) ? '订阅地址指向内部网络,不能抓取' : null;
}

/** The charset of the answer: the header's, else the XML declaration's, else UTF-8. */
function charsetOf(contentType: string | null, head: Uint8Array): string {
  const fromHeader = /charset="?([\w-]+)"?/i.exec(contentType ?? '')?.[1];
  const fromDecl = /<\?xml[^>]*encoding=["']([\w-]+)["']/i.exec(Buffer.from(head.subarray(0, 200)).toString('latin1'))?.[1];
  const name = (fromHeader ?? fromDecl ?? 'utf-8').toLowerCase();
  try {
    new TextDecoder(name);
    return name;
  } catch {
    return 'utf-8';
  }
}

/** Reads the body, giving up past maxBytes (a declared length over it is refused before reading). */
async function readLimited(res: Response, maxBytes: number): Promise<Uint8Array | null> {
  const declared = Number(res.headers.get('content-length') ?? '');
  if (Number.isFinite(declared) && declared > maxBytes) {
    await res.body?.cancel().catch(() => undefined);
    return null;
  }
  if (!res.body) return new Uint8Array();
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined);
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

const mb = (n: number) => `${Math.round((n / 1024 / 1024) * 10) / 10}MB`;

export async function fetchFeed(rawUrl: string, opts: FetchOptions): Promise<FetchOutcome> {
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    return { kind: 'error', status: null, error: '订阅地址格式不正确' };
  }
  const signal = AbortSignal.timeout(opts.timeoutMs);
  const headers: Record<string, string> = {
    'user-agent': USER_AGENT,
    accept: 'application/rss+xml, application/atom+xml, application/xml;q=0.9, text/xml;q=0.9, */*;q=0.5',
  };
  if (opts.etag) headers['if-none-match'] = opts.etag;
  if (opts.lastModified) headers['if-modified-since'] = opts.lastModified;
  try {
    for (let hop = 0; ; hop++) {
      if (url.protocol !== 'http:' && url.protocol !== 'https:') return { kind: 'error', status: null, error: '订阅地址须为 http 或 https 地址' };
      const refused = await refuseInternal(url, opts.privateHosts);
      if (refused) return { kind: 'error', status: null, error: refused };
      // Redirects are followed by hand, so that each hop's address is checked like the first.
      const res = await fetch(url, { headers, redirect: 'manual', signal });
      if (res.status >= 300 && res.status < 400 && res.status !== 304 && res.headers.get('location')) {
        await res.body?.cancel().catch(() => undefined);
        if (hop >= (opts.maxRedirects ?? 3)) return { kind: 'error', status: res.status, error: '重定向次数过多' };
        url = new URL(res.headers.get('location')!, url);
        continue;
      }
      if (res.status === 304) {
        await res.body?.cancel().catch(() => undefined);
        return { kind: 'not_modified', status: 304 };
      }
      if (res.status === 429 || res.status === 503) {
        await res.body?.cancel().catch(() => undefined);
        const wait = retryAfterMs(res.headers.get('retry-after'));
        if (res.status === 429) return { kind: 'rate_limited', status: 429, retryAfterMs: wait, error: '订阅源限制访问频率(HTTP 429)' };
        return { kind: 'error', status: 503, error: '订阅源暂时不可用(HTTP 503)', retryAfterMs: wait };
      }
      if (!res.ok) {
        await res.body?.cancel().catch(() => undefined);
        return { kind: 'error', status: res.status, error: `订阅源返回错误(HTTP ${res.status})` };
      }
      const bytes = await readLimited(res, opts.maxBytes);
      if (!bytes) return { kind: 'error', status: res.status, error: `订阅内容超过大小上限(${mb(opts.maxBytes)})` };
      const body = new TextDecoder(charsetOf(res.headers.get('content-type'), bytes)).decode(bytes);
      return { kind: 'ok', status: res.status, body, etag: res.headers.get('etag'), lastModified: res.headers.get('last-modified') };
    }
  } catch (err) {
    if (signal.aborted) return { kind: 'error', status: null, error: `抓取超时(超过${Math.round(opts.timeoutMs / 1000)}秒)` };
    const cause = (err as { cause?: { code?: string; message?: string } }).cause;
    return { kind: 'error', status: null, error: `无法连接订阅源${cause?.code ? `(${cause.code})` : ''}` };
  }
}

/** An item of a feed as the ingest step takes it. */
export interface FeedEntry {
  guid: string | null;
  link: string | null;
  title: string;
  summary: string | null;
  content: string | null;
  author: string | null;
  infoTime: Date | null;
}

/** HTML to plain text: tags dropped, the common entities read, white space folded. */
export function plainText(html: string | null | undefined): string {
  if (!html) return '';
  return html
    .replace(/<(script|style)[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<br\s*\/?>|<\/p>/gi, '\n')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/[ \t\r\f\v]+/g, ' ')
    .replace(/\s*\n\s*/g, '\n')
    .trim();
}

const cut = (s: string, n: number) => (s.length > n ? s.slice(0, n) : s);
const httpLink = (s: string | null | undefined) => (s && /^https?:\/\//i.test(s) && s.length <= 1000 ? s : null);

/** Parses RSS or Atom with the maintained parser; a feed it cannot read throws (the caller records why). */
export function parseEntries(xml: string): FeedEntry[] {
  const feed = parseFeed(xml);
  const out: FeedEntry[] = [];
  for (const item of feed.items) {
    const title = cut(plainText(item.title), 200);
    if (!title) continue;
    const summary = plainText(item.description) || null;
    const content = plainText(item.content) || null;
    const when = item.published ?? item.updated;
    out.push({
      guid: item.id ? cut(item.id, 500) : null,
      link: httpLink(item.url),
      title,
      summary: summary ? cut(summary, 2000) : null,
      content: content ? cut(content, 50_000) : null,
      author: item.authors?.[0]?.name ? cut(item.authors[0].name, 100) : null,
      infoTime: when && !Number.isNaN(when.getTime()) ? when : null,
    });
  }
  return out;
}
