import type { FastifyInstance } from 'fastify';
import {
  NEWS_MSG,
  NEWS_PATHS as P,
  MSG,
  idQuery,
  newsCount,
  newsItemRecord,
  newsKeywordRecord,
  newsKeywordSubmit,
  newsListQuery,
  newsManualSubmit,
  newsMemberQuery,
  newsSourceRecord,
  newsSourceSubmit,
  pageOf,
  pageQuery,
  perm,
} from '@gsl/contract';
import { z } from 'zod';
import { withMsg } from '../../platform/http/envelope.js';
import { route } from '../../platform/http/route.js';
import { removeRoute } from '../../platform/http/remove-route.js';
import { ensureScheduled, newsFetchHandler, NEWS_FETCH } from './news-schedule.js';
import { newsService } from './news.service.js';

const TAGS = ['news'];
const READ = perm('portal_news');
const ADD = perm('portal_news_add');
const DELETE = perm('portal_news_delete');
const SOURCE = perm('news_source');
const SOURCE_EDIT = perm('news_source_edit');
const SOURCE_DELETE = perm('news_source_delete');
const SOURCE_FETCH = perm('news_source_fetch');

/**
 * 新闻 › 舆情监测 (specification §2 /portal/real-time-info, real-time-info2; §7 info-service yqjcxxcj: list
 * sorted by info_time descending, countNewAdd, todayNewAdd), each member's news, manual entry, and the
 * administrators' feeds and keywords with the feed-health list. Fetching runs on the outbox worker.
 */
export default async function newsModule(app: FastifyInstance) {
  const db = app.db;
  const { outbox } = app.services;
  const news = newsService(outbox, app.config.timeZone);
  const cfg = app.config;
  outbox.register(
    NEWS_FETCH,
    newsFetchHandler(outbox, () => ({ timeoutMs: cfg.newsFetchTimeoutMs, maxBytes: cfg.newsFetchMaxBytes, privateHosts: cfg.newsPrivateHosts })),
  );
  if (cfg.outboxWorker) {
    // A feed whose chain of jobs broke (a job lost with a database restored from backup) is picked up again.
    app.addHook('onReady', async () => {
      try {
        await ensureScheduled(outbox, app.services.tenancy.main);
      } catch (err) {
        app.log.error({ err }, 'news: the feeds could not be scheduled');
      }
    });
  }

  route(app, {
    method: 'GET',
    url: P.list,
    summary: 'yqjcxxcj list: 舆情监测信息 (分页, 按发布时间 info_time 倒序; keyword 标题或摘要包含, sourceId, startDate/endDate)',
    tags: TAGS,
    access: { permission: READ },
    query: newsListQuery,
    response: pageOf(newsItemRecord),
    handler: ({ actor, query }) => news.page(db, actor, query),
  });

  route(app, {
    method: 'GET',
    url: P.countNewAdd,
    summary: 'yqjcxxcj countNewAdd: 自上次访问新闻以来新增的条数 (since 为上次访问时间)',
    tags: TAGS,
    access: { permission: READ },
    response: newsCount,
    handler: ({ actor }) => news.countNewAdd(db, actor),
  });

  route(app, {
    method: 'GET',
    url: P.todayNewAdd,
    summary: 'yqjcxxcj todayNewAdd: 今日新增的条数',
    tags: TAGS,
    access: { permission: READ },
    response: newsCount,
    handler: ({ actor }) => news.todayNewAdd(db, actor),
  });

  route(app, {
    method: 'POST',
    url: P.visit,
    summary: 'yqjcxxcj visit: 记录本次访问新闻 (countNewAdd 从此时算起; 答复上次访问时间)',
    tags: TAGS,
    access: { permission: READ },
    audit: false,
    response: newsCount,
    handler: ({ actor }) => news.visit(db, actor),
  });

  route(app, {
    method: 'GET',
    url: P.detail,
    summary: 'yqjcxxcj detail: 资讯详情 (正文, 提及的组织与会员; 范围外为 404)',
    tags: TAGS,
    access: { permission: READ },
    query: idQuery,
    response: newsItemRecord,
    handler: ({ actor, query }) => news.detail(db, actor, query.id),
  });

  route(app, {
    method: 'GET',
    url: P.memberList,
    summary: 'yqjcxxcj member-list: 提及某会员 (kind enterprise 企业 / group 团体, memberId) 的资讯, 会员详情中显示',
    tags: TAGS,
    access: { permission: READ },
    query: newsMemberQuery,
    response: pageOf(newsItemRecord),
    handler: ({ actor, query }) => news.memberPage(db, actor, query),
  });

  route(app, {
    method: 'POST',
    url: P.submit,
    summary: 'yqjcxxcj submit: 手工录入资讯 (标题, 正文, 摘要, 原文链接, 来源, 发布时间; 与已有标题或链接重复则拒绝)',
    tags: TAGS,
    access: { permission: ADD },
    body: newsManualSubmit,
    response: newsItemRecord,
    handler: async ({ actor, body }) => withMsg(await news.submit(db, actor, body), MSG.added),
  });

  removeRoute(app, {
    url: P.remove,
    summary: 'yqjcxxcj remove: 删除资讯 (ids 逗号分隔; 删除后同一标题或链接不再采集)',
    tags: TAGS,
    permission: DELETE,
    remove: (ids, actor) => news.remove(db, actor, ids),
  });

  // ------------------------------------------------------------------ 舆情来源 (administrators)
  route(app, {
    method: 'GET',
    url: P.sourceList,
    summary: 'yqjcxxsource list: 订阅源及其抓取状况 (上次抓取, 结果, 错误, 连续失败次数, 下次抓取)',
    tags: TAGS,
    access: { permission: SOURCE },
    query: pageQuery,
    response: pageOf(newsSourceRecord),
    handler: ({ actor, query }) => news.sourcePage(db, actor, query),
  });

  route(app, {
    method: 'POST',
    url: P.sourceSubmit,
    summary: 'yqjcxxsource submit: 新增或修改订阅源 (RSS/Atom 地址, 抓取间隔分钟, 启用, 仅保留命中关键词或名称的资讯)',
    tags: TAGS,
    access: { permission: SOURCE_EDIT },
    body: newsSourceSubmit,
    response: newsSourceRecord,
    handler: async ({ actor, body }) => {
      const { view, created } = await news.sourceSubmit(db, actor, body);
      return withMsg(view, created ? MSG.added : MSG.updated);
    },
  });

  removeRoute(app, {
    url: P.sourceRemove,
    summary: 'yqjcxxsource remove: 删除订阅源 (已采集的资讯保留)',
    tags: TAGS,
    permission: SOURCE_DELETE,
    remove: (ids, actor) => news.sourceRemove(db, actor, ids),
  });

  route(app, {
    method: 'POST',
    url: P.sourceFetch,
    summary: 'yqjcxxsource fetch: 立即抓取一个订阅源 (由后台任务执行)',
    tags: TAGS,
    access: { permission: SOURCE_FETCH },
    query: idQuery,
    response: newsSourceRecord,
    handler: async ({ actor, query }) => withMsg(await news.fetchNow(db, actor, query.id), NEWS_MSG.fetchQueued),
  });

  route(app, {
    method: 'GET',
    url: P.keywordList,
    summary: 'yqjcxxkeyword list: 监测关键词 (组织与会员名称另外自动匹配)',
    tags: TAGS,
    access: { permission: SOURCE },
    response: z.array(newsKeywordRecord),
    handler: ({ actor }) => news.keywords(db, actor),
  });

  route(app, {
    method: 'POST',
    url: P.keywordSubmit,
    summary: 'yqjcxxkeyword submit: 新增监测关键词',
    tags: TAGS,
    access: { permission: SOURCE_EDIT },
    body: newsKeywordSubmit,
    response: newsKeywordRecord,
    handler: async ({ actor, body }) => withMsg(await news.keywordSubmit(db, actor, body.keyword), MSG.added),
  });

  removeRoute(app, {
    url: P.keywordRemove,
    summary: 'yqjcxxkeyword remove: 删除监测关键词',
    tags: TAGS,
    permission: SOURCE_DELETE,
    remove: (ids, actor) => news.keywordRemove(db, actor, ids),
  });
}
