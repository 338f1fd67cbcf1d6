import type { FastifyInstance } from 'fastify';
import { ADDRESS_MSG, MSG, idsQuery, orgContactIdQuery, orgContactRecord, orgContactSeq, orgContactSubmit, type PermissionCode } from '@gsl/contract';
import { withMsg } from '../../../platform/http/envelope.js';
import { route } from '../../../platform/http/route.js';
import { logUnmaskedPhones, phoneUnmasked } from './address.service.js';
import { CONTACT_TABLE } from './contact.repo.js';
import { contactService } from './contact.service.js';
import { contactView } from './contact.view.js';

/** Whoever reads a book may read its contacts; its 维护 (or 用户管理's user_edit) changes them (the service checks the contact's own book). */
const READ: PermissionCode[] = ['myorg_gsl_address', 'myorg_sh_address', 'myorg_address_book', 'myorg_address_detail'];
const EDIT: PermissionCode[] = ['myorg_gsl_address_edit', 'myorg_sh_address_edit', 'user_edit'];

/**
 * 我的组织 › the address books' contact-only entries (issue 14 "add a person to the book as an account or a
 * contact-only entry"; the specification gives no paths, these follow the userProfile scheme; README deviation
 * 44). A contact is a person in an org's book without an account; the books list it with the accounts.
 */
export function contactRoutes(app: FastifyInstance) {
  const db = app.db;
  const tz = app.config.timeZone;
  const tags = ['myorg'];
  const P = '/api/blade-user/userProfile/contact';

  route(app, {
    method: 'GET',
    url: `${P}/detail`,
    summary: 'contact/detail: 通讯录联系人详情 (无账号的通讯录人员; 手机号无查看完整手机号权限时脱敏)',
    tags,
    access: { permission: READ },
    query: orgContactIdQuery,
    scope: CONTACT_TABLE.record('query.id'),
    response: orgContactRecord,
    handler: async ({ req, actor, query }) => {
      const row = await contactService.detail(db, actor, query.id);
      const unmasked = await phoneUnmasked(db, actor);
      if (unmasked) logUnmaskedPhones(app, req, [{ ...row, entryType: 'contact' }]);
      return contactView(row, unmasked, tz);
    },
  });

  route(app, {
    method: 'POST',
    url: `${P}/submit`,
    summary:
      'contact/submit: 新增或修改通讯录联系人 (无 id 新增到 deptId 机构 (默认本机构) 的通讯录, 排在最后; 有 id 按 version 修改; 只是通讯录人员, 不是账号, 不能登录)',
    tags,
    access: { permission: EDIT },
    body: orgContactSubmit,
    scope: CONTACT_TABLE.record('body.id'),
    response: orgContactRecord,
    handler: async ({ actor, body }) => {
      const { row, created } = await contactService.submit(db, actor, body);
      return withMsg(contactView(row, await phoneUnmasked(db, actor), tz), created ? MSG.added : MSG.updated);
    },
  });

  route(app, {
    method: 'POST',
    url: `${P}/remove`,
    summary: 'contact/remove: 删除通讯录联系人 (ids; 全部在数据权限内才删除)',
    tags,
    access: { permission: EDIT },
    query: idsQuery,
    scope: CONTACT_TABLE.record('query.ids'),
    handler: async ({ actor, query }) => {
      await contactService.remove(db, actor, [...new Set(query.ids.split(','))]);
      return withMsg(null, MSG.removed);
    },
  });

  route(app, {
    method: 'POST',
    url: `${P}/changeSeq`,
    summary: 'contact/changeSeq: 修改通讯录联系人排序 ({ id, seq } 或 { list: [{ id, seq }] }; 与账号的 changeUserSeq 共用同一通讯录的排序)',
    tags,
    access: { permission: EDIT },
    body: orgContactSeq,
    scope: CONTACT_TABLE.record('body.id'),
    handler: async ({ actor, body }) => {
      await contactService.changeSeq(db, actor, body);
      return withMsg(null, ADDRESS_MSG.ordered);
    },
  });
}
