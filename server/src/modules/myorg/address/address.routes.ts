import { PassThrough } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodType } from 'zod';
import {
  ADDRESS_MSG,
  addressEntryRecord,
  addressListQuery,
  aocExportQuery,
  cocExportQuery,
  pageOf,
  removeAddressBookQuery,
  type AddressBookKind,
  type AddressExportQuery,
  type PermissionCode,
} from '@gsl/contract';
import { withMsg } from '../../../platform/http/envelope.js';
import { route, type RouteScope } from '../../../platform/http/route.js';
import { XLSX, todayStamp, xlsxDownload } from '../../../platform/files/xlsx-transfer.js';
import { USER_RESOURCE } from '../../user/user.repo.js';
import { USER_SCOPE } from '../../user/user.routes.js';
import type { AddressRow } from './address.repo.js';
import { addressService, logUnmaskedPhones, phoneUnmasked } from './address.service.js';
import { addressView } from './address.view.js';
import { contactRoutes } from './contact.routes.js';

/**
 * A book names its org by `deptId`: an org outside the user data scope answers 404, as a record outside
 * it (the quality walkers check it from this declaration); the people listed are limited by the same scope.
 */
const ORG_SCOPE: RouteScope = {
  resource: USER_RESOURCE,
  record: { table: 'blade_dept', idFrom: 'query.deptId', deptColumn: 'id', where: 'is_deleted = 0' },
};

const GSL: PermissionCode[] = ['myorg_gsl_address'];
const SH: PermissionCode[] = ['myorg_sh_address'];

/**
 * 我的组织 › the address books (specification §7 "Users" and "Portal"; README deviation 44): the lists of
 * the federation's and the chambers' books, removal from a book (the account stays), the org book of 通讯录,
 * and the books' xlsx exports. Adding accounts to a book and ordering them are the user module's
 * set-address-book and changeUserSeq; the contact-only entries have their own calls (contact.routes.ts).
 */
export default async function addressRoutes(app: FastifyInstance) {
  const db = app.db;
  const tz = app.config.timeZone;
  const tags = ['myorg'];

  const logUnmasked = (req: FastifyRequest, rows: AddressRow[]) => logUnmaskedPhones(app, req, rows);

  const list = (url: string, kind: AddressBookKind, summary: string, permission: PermissionCode[]) =>
    route(app, {
      method: 'GET',
      url,
      summary,
      tags,
      access: { permission },
      query: addressListQuery,
      scope: ORG_SCOPE,
      response: pageOf(addressEntryRecord),
      handler: async ({ req, actor, query }) => {
        const page = await addressService.page(db, actor, kind, query);
        const unmasked = await phoneUnmasked(db, actor);
        if (unmasked) logUnmasked(req, page.records);
        return { ...page, records: page.records.map((r) => addressView(r, unmasked)) };
      },
    });

  list(
    '/api/blade-user/userProfile/aoc/currentOrgUserList',
    'aoc',
    'aoc/currentOrgUserList: 工商联通讯录 — deptId 工商联 (默认本机构) 本级的工作人员 (人员标签 aoc, 在通讯录中), 按排序',
    GSL,
  );
  list(
    '/api/blade-user/userProfile/aoc/nextOrgUserList',
    'aocNext',
    'aoc/nextOrgUserList: 下级工商联通讯录 — deptId (默认本机构) 直接下级工商联的工作人员 (人员标签 aoc), 按机构、排序',
    GSL,
  );
  list(
    '/api/blade-user/userProfile/coc/currentOrgUserList',
    'coc',
    'coc/currentOrgUserList: 商会通讯录 — unionId 或 deptId 商会/协会 (默认本机构) 的工作人员 (人员标签 coc); extras 为搜索文字',
    SH,
  );
  list(
    '/api/blade-user/userProfile/coc/currentAllopatryJSOrgUserList',
    'cocAj',
    'coc/currentAllopatryJSOrgUserList: 异地商会通讯录 — deptId (默认本机构) 直属的外省在苏商会 (商会分类 3) 的工作人员',
    SH,
  );
  list(
    '/api/aoc-service/portal/currentOrgUserList',
    'org',
    'portal/currentOrgUserList: 通讯录 — deptId 机构 (默认本机构) 通讯录中的人员, profileTag 可选 aoc/coc',
    ['myorg_address_book', 'myorg_address_detail', 'myorg_gsl_address', 'myorg_sh_address'],
  );

  route(app, {
    method: 'DELETE',
    url: '/api/aoc-service/userProfile/remove-address-book',
    summary: 'remove-address-book: 将人员移出通讯录 (userId、account、isAddressBook 1; 只改通讯录标记, 账号照常登录)',
    tags,
    access: { permission: ['myorg_gsl_address_edit', 'myorg_sh_address_edit', 'user_edit'] },
    query: removeAddressBookQuery,
    scope: USER_SCOPE('query.userId'),
    handler: async ({ actor, query }) => {
      await addressService.remove(db, actor, query);
      return withMsg(null, ADDRESS_MSG.removed);
    },
  });

  const exportRoute = (url: string, family: 'aoc' | 'coc', permission: PermissionCode[]) =>
    route(app, {
      method: 'GET',
      url,
      summary: `${family}/export: 导出${family === 'aoc' ? '工商联' : '商会'}通讯录 (xlsx, 与列表相同的机构、过滤条件、排序与数据权限; 无查看完整手机号权限时手机号脱敏)`,
      tags,
      access: { permission },
      audit: true,
      raw: true,
      produces: XLSX,
      query: (family === 'aoc' ? aocExportQuery : cocExportQuery) as ZodType<AddressExportQuery>,
      scope: ORG_SCOPE,
      handler: async ({ req, reply, actor, query }) => {
        const job = await addressService.prepareExport(db, actor, query.book, query);
        const out = new PassThrough();
        addressService
          .writeExport(db, job, query, out)
          .then((shown) => logUnmasked(req, shown))
          .catch((err) => {
            req.log.error({ err }, 'address book export failed');
            out.destroy(err);
          });
        return xlsxDownload(reply, 'address-book.xlsx', `${family === 'aoc' ? '工商联' : '商会'}通讯录_${todayStamp(tz)}.xlsx`).send(out);
      },
    });
  exportRoute('/api/blade-user/userProfile/aoc/export', 'aoc', ['myorg_gsl_address_export', 'user_export']);
  exportRoute('/api/blade-user/userProfile/coc/export', 'coc', ['myorg_sh_address_export', 'user_export']);

  contactRoutes(app);
}
