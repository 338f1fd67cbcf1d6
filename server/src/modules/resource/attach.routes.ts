import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import { z } from 'zod';
import {
  attachDownloadLink,
  attachLink,
  attachListQuery,
  attachPublicIdQuery,
  attachRecord,
  attachUploaded,
  idQuery,
  pageOf,
  type AttachUploaded,
} from '@gsl/contract';
import { scopedTable } from '../../platform/access/scope.js';
import { badRequest, notFound } from '../../platform/http/errors.js';
import { route } from '../../platform/http/route.js';
import { removeRoute } from '../../platform/http/remove-route.js';
import { ATTACH_TABLE } from './attach.repo.js';
import { attachService } from './attach.service.js';

/** The avatar rule (specification §5, §9): jpg or png, at most 500 KB. */
const AVATAR = { extensions: ['jpg', 'jpeg', 'png'], maxBytes: 500 * 1024 };

/** Magic numbers of the image types we accept, so a renamed file cannot pass as an image. */
const SIGNATURES: Record<string, (b: Buffer) => boolean> = {
  jpg: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff,
  jpeg: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff,
  png: (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  gif: (b) => b.subarray(0, 4).toString('latin1') === 'GIF8',
  webp: (b) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP',
  pdf: (b) => b.subarray(0, 5).toString('latin1') === '%PDF-',
};

const CONTENT_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  pdf: 'application/pdf',
  txt: 'text/plain; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
  zip: 'application/zip',
  mp4: 'video/mp4',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};

const MALFORMED = '上传内容格式不正确,请重新选择文件上传';

/** How long a download link works: long enough to open it, short enough that a leaked one soon dies. */
const DOWNLOAD_LINK_SECONDS = 300;

const formatSize = (n: number) => (n >= 1024 * 1024 ? `${Math.round(n / 1024 / 1024)}MB` : `${Math.round(n / 1024)}KB`);

export default async function attachRoutes(app: FastifyInstance) {
  const { config, db } = app;
  const files = app.services.files;
  const attach = attachService({ files, referrers: app.services.attachReferrers });
  await app.register(multipart, { limits: { files: 1, fields: 10, fileSize: config.fileMaxBytes + 1, fieldSize: 1000 } });

  const byPublicId = scopedTable({ ...ATTACH_TABLE, idColumn: 'public_id' }).record('query.id');

  route(app, {
    method: 'POST',
    url: '/api/blade-resource/oss/endpoint/put-file-attach',
    summary: 'put-file-attach: 上传附件 (category=avatar 时仅 jpg/png 且不超过500KB)',
    tags: ['resource'],
    access: { permission: 'authenticated' },
    query: z.object({ category: z.enum(['avatar', 'attachment'], { message: '附件类别不正确' }).optional() }),
    consumes: ['multipart/form-data'],
    response: attachUploaded,
    handler: async ({ req, actor, query }) => {
      if (!req.isMultipart()) throw badRequest('请使用 multipart/form-data 上传文件');
      const file = await req.file().catch((err: unknown) => {
        throw (err as { code?: string }).code === 'FST_FILES_LIMIT' ? badRequest('一次只能上传一个文件') : badRequest(MALFORMED); // busboy: malformed multipart
      });
      if (!file) throw badRequest('请选择要上传的文件');
      const originalName = path.basename(file.filename || '').slice(0, 255);
      const ext = path.extname(originalName).slice(1).toLowerCase();
      const avatar = query.category === 'avatar';
      const allowed = avatar ? AVATAR.extensions : config.fileExtensions;
      const max = avatar ? AVATAR.maxBytes : config.fileMaxBytes;
      if (!ext || !allowed.includes(ext)) {
        file.file.resume();
        throw badRequest(avatar ? '头像只能是 jpg 或 png 格式' : `不支持的文件类型,允许: ${allowed.join('、')}`);
      }
      // Read whole (bounded by FILE_MAX_BYTES): a truncated or malformed upload rejects here with a 400,
      // where a stream would wait forever for a part that never ends.
      const buffer = await file.toBuffer().catch((err: unknown) => {
        throw (err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE' ? badRequest(`文件大小不能超过${formatSize(max)}`) : badRequest(MALFORMED);
      });
      if (buffer.length > max) throw badRequest(`文件大小不能超过${formatSize(max)}`);
      const signature = SIGNATURES[ext];
      if (signature && !signature(buffer)) throw badRequest('文件内容与扩展名不符');
      const key = `${actor.tenantId}/${new Date().toISOString().slice(0, 10)}/${randomUUID()}.${ext}`;
      await files.put(key, Readable.from([buffer]));
      const stored = await attach.store(db, {
        tenantId: actor.tenantId,
        storageKey: key,
        originalName,
        extension: ext,
        contentType: CONTENT_TYPES[ext] ?? 'application/octet-stream',
        attachSize: buffer.length,
        category: query.category ?? 'attachment',
        createUser: actor.userId,
        createDept: actor.deptId,
      });
      // The storage key stays on the server: the answer names the file by its public id only.
      return {
        attachId: stored.id,
        link: attachLink(stored.publicId),
        domain: '',
        name: stored.publicId,
        originalName,
        size: buffer.length,
      } satisfies AttachUploaded;
    },
  });

  route(app, {
    method: 'GET',
    url: '/api/blade-resource/attach/download',
    summary: '附件下载 (上传者、数据权限覆盖其机构者、或可查看引用该附件的记录者; 链接可带该附件专用的短时下载令牌)',
    tags: ['resource'],
    access: { permission: 'authenticated' },
    query: attachPublicIdQuery.extend({ 'Blade-Auth': z.string().max(2000).optional() }),
    raw: true,
    produces: 'application/octet-stream',
    downloadLink: true,
    scope: byPublicId,
    handler: async ({ req, reply, actor, query }) => {
      // A download token opens the one file it was made for.
      if (req.downloadFile && req.downloadFile !== query.id) throw notFound();
      const row = await attach.readable(db, actor, query.id);
      if (!(await files.exists(row.storageKey))) throw notFound('文件不存在或已被删除');
      const inline = row.contentType.startsWith('image/') || row.contentType === 'application/pdf';
      return reply
        .header('content-type', row.contentType)
        .header('content-length', String(row.attachSize))
        .header('content-disposition', `${inline ? 'inline' : 'attachment'}; filename*=UTF-8''${encodeURIComponent(row.originalName)}`)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(files.get(row.storageKey));
    },
  });

  route(app, {
    method: 'GET',
    url: '/api/blade-resource/attach/download-link',
    summary: '附件下载链接: 仅对该附件有效、几分钟内有效的下载地址 (用于图片显示与新窗口打开, 不在地址中暴露登录令牌)',
    tags: ['resource'],
    access: { permission: 'authenticated' },
    query: attachPublicIdQuery,
    response: attachDownloadLink,
    scope: byPublicId,
    handler: async ({ actor, query }) => {
      const row = await attach.readable(db, actor, query.id);
      const token = await app.services.signer.signDownload(
        { userId: actor.userId, tenantId: actor.tenantId, deptId: actor.deptId, roleIds: actor.roleIds, clientId: actor.clientId, chainId: actor.chainId },
        row.publicId,
        DOWNLOAD_LINK_SECONDS,
      );
      return { link: `${attachLink(row.publicId)}&Blade-Auth=${encodeURIComponent(`bearer ${token}`)}`, expiresIn: DOWNLOAD_LINK_SECONDS };
    },
  });

  route(app, {
    method: 'GET',
    url: '/api/blade-resource/attach/list',
    summary: 'attach/list: 附件管理列表 (数据权限范围内机构上传的附件)',
    tags: ['resource'],
    access: { permission: 'attach' },
    query: attachListQuery,
    response: pageOf(attachRecord),
    scope: ATTACH_TABLE.list(),
    handler: ({ actor, query }) => attach.page(db, actor, query, query as Record<string, unknown>, config.timeZone),
  });

  route(app, {
    method: 'GET',
    url: '/api/blade-resource/attach/detail',
    summary: 'attach/detail: 附件详情',
    tags: ['resource'],
    access: { permission: 'attach' },
    query: idQuery,
    response: attachRecord,
    scope: ATTACH_TABLE.record('query.id'),
    handler: ({ actor, query }) => attach.detail(db, actor, query.id, config.timeZone),
  });

  removeRoute(app, {
    url: '/api/blade-resource/attach/remove',
    summary: 'attach/remove: 删除附件 (全部在数据权限范围内才删除; 不再被引用的文件内容随之删除)',
    tags: ['resource'],
    permission: 'attach_delete',
    scope: ATTACH_TABLE.record('query.ids'),
    remove: (ids, actor) => attach.remove(db, actor, ids),
  });
}
