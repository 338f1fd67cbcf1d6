import type { Writable } from 'node:stream';
import { assertAccountQuota } from '../system/tenant/tenant.service.js';
import type ExcelJS from 'exceljs';
import { excel } from '../../platform/files/excel.js';
import {
  ID_RE,
  SEX_NAMES,
  USER_MSG,
  USER_SHEET_COLUMNS,
  USER_STATUS_NAMES,
  maskPhone,
  phoneProblem,
  type PageQuery,
  type UserImportAnswer,
  type UserImportError,
} from '@gsl/contract';
import type { Db } from '../../db/connection.js';
import type { Actor } from '../../platform/access/actor.js';
import { isGranted } from '../../platform/access/grants.js';
import type { DataScope } from '../../platform/access/scope.js';
import { dbErrorCode } from '../../platform/http/db-errors.js';
import { badRequest } from '../../platform/http/errors.js';
import { formatTime } from '../../platform/http/time.js';
import { readImportSheet } from '../../platform/files/xlsx-transfer.js';
import { xlsxSheet } from '../../platform/files/xlsx-writer.js';
import { USER_FIELDS, userRepo, type DeptRow, type RoleRow, type UserFilter } from './user.repo.js';
import { sortOrders } from '../../platform/http/paging.js';
import { NO_PASSWORD_HASH, mayGrant } from './user.rules.js';
import { scopeOf, userFilter } from './user.service.js';

type Key = keyof typeof USER_SHEET_COLUMNS;
const H = USER_SHEET_COLUMNS;

/** The export's columns, in order. */
const EXPORT_KEYS: Key[] = ['account', 'realName', 'name', 'phone', 'email', 'sex', 'dept', 'roles', 'profileTag', 'seq', 'status', 'createTime'];
/** The import's (and the template's) columns; `*` marks the required ones in the template. */
const IMPORT_KEYS: Key[] = ['account', 'realName', 'name', 'phone', 'email', 'sex', 'dept', 'roles', 'profileTag', 'seq'];
const REQUIRED: Key[] = ['account', 'realName', 'phone', 'dept'];
const WIDTHS: Partial<Record<Key, number>> = { account: 18, realName: 12, phone: 15, email: 26, dept: 30, roles: 20, profileTag: 16, createTime: 20 };

export const EXPORT_LIMIT = 50_000;
export const IMPORT_MAX_ROWS = 5000;
const CHUNK = 1000;

const header = (keys: Key[], star = false) => keys.map((k) => (star && REQUIRED.includes(k) ? `${H[k]}*` : H[k]));

const HEADER_FILL = 'FFE6F0FF';

function styleHeader(row: ExcelJS.Row) {
  row.font = { bold: true };
  row.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: HEADER_FILL } };
}

export interface ExportJob {
  scope: DataScope;
  filter: UserFilter;
  masked: boolean;
  total: number;
}

/** Export (user_export) and import (user_import) of user accounts as xlsx, with the list's filters and scope. */
export const userExcelService = {
  /**
   * Checks the export before any byte is sent, so a refusal is still a JSON answer. Phones are masked
   * (138****1234) unless the actor holds user_view — the same rule as the list and the detail.
   */
  async prepareExport(db: Db, actor: Actor, query: Record<string, unknown>): Promise<ExportJob> {
    sortOrders(query as Pick<PageQuery, 'ascs' | 'descs'>, USER_FIELDS); // a bad sort is refused before the download starts
    const scope = await scopeOf(db, actor);
    const filter = await userFilter(db, actor, query);
    const total = await userRepo.count(db, scope, filter);
    if (total > EXPORT_LIMIT) throw badRequest(`导出数据超过${EXPORT_LIMIT}条,请缩小筛选范围`);
    return { scope, filter, total, masked: !(await isGranted(db, actor, 'user_view')) };
  },

  /** Streams the workbook: rows are read and written a chunk at a time, each after the client took the last. */
  async writeExport(db: Db, job: ExportJob, sort: Pick<PageQuery, 'ascs' | 'descs'>, out: Writable, timeZone: string): Promise<void> {
    const sheet = xlsxSheet(out, { name: '用户', columns: EXPORT_KEYS.map((k) => ({ header: H[k], width: WIDTHS[k] ?? 10 })), header: { fill: HEADER_FILL } });
    for (let offset = 0; offset < job.total; offset += CHUNK) {
      const rows = await userRepo.chunk(db, job.scope, job.filter, sort, offset, CHUNK);
      for (const r of rows) {
        const line: Record<Key, unknown> = {
          account: r.account,
          realName: r.realName ?? '',
          name: r.name ?? '',
          phone: (job.masked ? maskPhone(r.phone) : r.phone) ?? '',
          email: r.email ?? '',
          sex: r.sex ? (SEX_NAMES[r.sex] ?? '') : '',
          dept: r.deptName ?? '',
          roles: r.roleNames ?? '',
          profileTag: r.profileTag ?? '',
          seq: r.seq,
          status: USER_STATUS_NAMES[r.status] ?? String(r.status),
          createTime: formatTime(r.createTime, timeZone) ?? '',
        };
        sheet.row(EXPORT_KEYS.map((k) => line[k]));
      }
      if (rows.length < CHUNK || !(await sheet.drained())) break;
    }
    await sheet.end();
  },

  /** The import template: the header row (required columns starred), one example row, and a sheet of rules. */
  async template(db: Db, actor: Actor): Promise<Buffer> {
    const dept = await userRepo.deptInScope(db, await scopeOf(db, actor), actor.deptId);
    const wb = new (await excel()).Workbook();
    const ws = wb.addWorksheet('用户');
    ws.columns = IMPORT_KEYS.map((k) => ({ header: header([k], true)[0], key: k, width: WIDTHS[k] ?? 10 }));
    styleHeader(ws.getRow(1));
    ws.addRow({
      account: 'zhangsan01',
      realName: '张三',
      name: '小张',
      phone: '13800138000',
      email: 'zhangsan@example.com',
      sex: '男',
      dept: dept?.deptName ?? '',
      roles: '',
      profileTag: 'aoc',
      seq: 1,
    });
    ws.getColumn('phone').numFmt = '@';
    const help = wb.addWorksheet('填写说明');
    help.columns = [
      { header: '列', width: 14 },
      { header: '说明', width: 80 },
    ];
    styleHeader(help.getRow(1));
    for (const line of [
      [H.account, '必填。字母、数字和 _ . @ -,不超过45个字符;同一租户内不能重复(不区分大小写)'],
      [H.realName, '必填。不超过20个字符'],
      [H.phone, '必填。11位手机号码,以13-19开头'],
      [H.dept, '必填。机构名称或机构编号,须在您的数据权限范围内;名称重名时请填写编号'],
      [H.roles, '选填。角色名称,多个用逗号分隔;不填时按人员标签分配(工商联工作人员或商会工作人员)'],
      [H.profileTag, '选填。aoc(工商联工作人员)或 coc(商会工作人员);不填时按机构类型确定'],
      [H.sex, '选填。男、女或未知'],
      ['密码', '导入的账号没有可用密码,请在用户管理中使用"密码重置"为其生成初始密码'],
    ])
      help.addRow(line);
    return Buffer.from(await wb.xlsx.writeBuffer());
  },

  /**
   * Checks the whole workbook first (required cells, duplicates in the file and in the database, org in
   * scope, roles the actor may grant, the §5 phone rule), then inserts every valid row in ONE
   * transaction, unless it is a dry run. Imported accounts have no usable password until reset-password.
   */
  async import(db: Db, actor: Actor, file: Buffer, dryRun: boolean): Promise<UserImportAnswer> {
    const { columns, rows: dataRows } = await readImportSheet(file, BY_HEADER, IMPORT_MAX_ROWS);
    const missing = REQUIRED.filter((k) => !columns.has(k));
    const answer = (errors: UserImportError[], valid: number, imported = 0): UserImportAnswer => ({ total: dataRows.length, imported, valid, dryRun, errors });
    if (missing.length)
      return answer(
        missing.map((k) => ({ row: 1, column: H[k], message: `缺少必填列: ${H[k]}` })),
        0,
      );

    const scope = await scopeOf(db, actor);
    const depts = await userRepo.deptsInScope(db, scope);
    const deptIds = new Set(depts.map((d) => d.id));
    const roles = (await userRepo.roles(db, actor.tenantId)).filter((r) => mayGrant(actor, r, (d) => deptIds.has(d)));
    const check = new RowChecker(depts, roles);

    const errors: UserImportError[] = [];
    const candidates = dataRows.map(({ row, cells }) => check.row(row, cells, errors));

    // Duplicates inside the file: every row of a repeated account is refused (none is guessed right).
    const byAccount = new Map<string, number[]>();
    for (const c of candidates) if (c.account) byAccount.set(c.account.toLowerCase(), [...(byAccount.get(c.account.toLowerCase()) ?? []), c.row]);
    for (const rows of byAccount.values()) {
      if (rows.length > 1) for (const row of rows) errors.push({ row, column: H.account, message: `账号在文件中重复(第${rows.join('、')}行)` });
    }
    const taken = await userRepo.takenAccounts(db, actor.tenantId, [...byAccount.keys()]);
    for (const c of candidates)
      if (c.account && taken.has(c.account.toLowerCase())) errors.push({ row: c.row, column: H.account, message: USER_MSG.accountExists });

    const bad = new Set(errors.map((e) => e.row));
    const valid = candidates.filter((c) => !bad.has(c.row));
    const order = IMPORT_KEYS.map((k) => H[k] as string);
    errors.sort((a, b) => a.row - b.row || order.indexOf(a.column) - order.indexOf(b.column));
    if (dryRun || !valid.length) return answer(errors, valid.length);

    try {
      await db.transaction().execute(async (tx) => {
        await assertAccountQuota(tx, actor.tenantId, valid.length);
        for (let i = 0; i < valid.length; i += 200) {
          const batch = valid.slice(i, i + 200);
          const ids = await userRepo.insertMany(
            tx,
            batch.map((c) => ({
              tenantId: actor.tenantId,
              account: c.account,
              passwordHash: NO_PASSWORD_HASH,
              realName: c.realName,
              name: c.name || null,
              phone: c.phone,
              email: c.email || null,
              sex: c.sex,
              deptId: c.deptId,
              profileTag: c.profileTag,
              seq: c.seq,
              passwordResetRequired: 1,
              createUser: actor.userId,
              createDept: actor.deptId,
            })),
          );
          await userRepo.insertRoles(
            tx,
            batch.flatMap((c, k) => c.roleIds.map((roleId) => ({ userId: ids[k].id, roleId }))),
          );
        }
      });
    } catch (err) {
      if (dbErrorCode(err) === '23505') throw badRequest('导入失败:有账号刚被他人占用,请重新导入');
      throw err;
    }
    return answer(errors, valid.length, valid.length);
  },
};

/** Header text → column key: the import's columns only (columns are found by name, in any order). */
const BY_HEADER = new Map<string, Key>(IMPORT_KEYS.map((k) => [H[k], k]));

interface Candidate {
  row: number;
  account: string;
  realName: string;
  name: string;
  phone: string;
  email: string;
  sex: number | null;
  deptId: string;
  profileTag: string;
  roleIds: string[];
  seq: number;
}

const SEX_BY_TEXT: Record<string, number> = { 男: 1, 女: 2, 未知: 3, '1': 1, '2': 2, '3': 3 };
const TAG_BY_TEXT: Record<string, string> = { aoc: 'aoc', coc: 'coc', 工商联工作人员: 'aoc', 商会工作人员: 'coc', 工商联: 'aoc', 商会: 'coc' };

/** The per-row rules; the messages match the user form's. */
class RowChecker {
  private readonly deptById = new Map<string, DeptRow>();
  private readonly deptByName = new Map<string, DeptRow[]>();
  private readonly roleByName = new Map<string, RoleRow>();

  constructor(
    depts: DeptRow[],
    private readonly roles: RoleRow[],
  ) {
    for (const d of depts) {
      this.deptById.set(d.id, d);
      for (const name of new Set([d.deptName, d.fullName].filter(Boolean) as string[])) this.deptByName.set(name, [...(this.deptByName.get(name) ?? []), d]);
    }
    for (const r of roles) {
      this.roleByName.set(r.roleName, r);
      this.roleByName.set(r.roleAlias.toLowerCase(), r);
    }
  }

  row(row: number, c: Partial<Record<Key, string>>, errors: UserImportError[]): Candidate {
    const fail = (key: Key, message: string) => errors.push({ row, column: H[key], message });
    const account = c.account ?? '';
    if (!account) fail('account', USER_MSG.accountRequired);
    else if (account.length > 45) fail('account', '账号长度不能超过45个字符');
    else if (!/^[A-Za-z0-9_.@-]+$/.test(account)) fail('account', USER_MSG.accountFormat);
    const realName = c.realName ?? '';
    if (!realName) fail('realName', USER_MSG.realNameRequired);
    else if (realName.length > 20) fail('realName', '姓名长度不能超过20个字符');
    if ((c.name ?? '').length > 20) fail('name', '昵称长度不能超过20个字符');
    const phoneIssue = phoneProblem(c.phone);
    if (phoneIssue) fail('phone', phoneIssue);
    const email = c.email ?? '';
    if (email && (email.length > 45 || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email))) fail('email', USER_MSG.emailFormat);
    let sex: number | null = null;
    if (c.sex) {
      sex = SEX_BY_TEXT[c.sex] ?? null;
      if (!sex) fail('sex', '性别应为 男、女 或 未知');
    }
    const dept = this.dept(c.dept ?? '', (m) => fail('dept', m));
    let profileTag = dept ? (dept.deptCategory === 1 ? 'aoc' : 'coc') : 'aoc';
    if (c.profileTag) {
      const tag = TAG_BY_TEXT[c.profileTag] ?? TAG_BY_TEXT[c.profileTag.toLowerCase()];
      if (tag) profileTag = tag;
      else fail('profileTag', '人员标签应为 aoc(工商联工作人员)或 coc(商会工作人员)');
    }
    const roleIds: string[] = [];
    const names = (c.roles ?? '')
      .split(/[,，、;；]+/)
      .map((s) => s.trim())
      .filter(Boolean);
    for (const name of names) {
      const role = this.roleByName.get(name) ?? this.roleByName.get(name.toLowerCase());
      if (!role) fail('roles', `${USER_MSG.roleNotGrantable}: ${name}`);
      else if (!roleIds.includes(role.id)) roleIds.push(role.id);
    }
    if (!names.length) {
      const byTag = this.roles.find((r) => r.roleAlias === profileTag);
      if (byTag) roleIds.push(byTag.id);
      else fail('roles', USER_MSG.roleRequired);
    }
    let seq = 0;
    if (c.seq) {
      seq = Number(c.seq);
      if (!/^\d+$/.test(c.seq) || seq > 1_000_000) fail('seq', '排序应为0到1000000之间的整数');
    }
    return { row, account, realName, name: c.name ?? '', phone: c.phone ?? '', email, sex, deptId: dept?.id ?? '', profileTag, roleIds, seq };
  }

  private dept(value: string, fail: (m: string) => void): DeptRow | undefined {
    if (!value) return void fail(USER_MSG.deptRequired);
    if (ID_RE.test(value) && this.deptById.has(value)) return this.deptById.get(value);
    const found = this.deptByName.get(value) ?? [];
    if (found.length > 1) return void fail('机构名称不唯一,请填写机构编号');
    if (!found.length) return void fail(USER_MSG.deptOutOfScope);
    return found[0];
  }
}
