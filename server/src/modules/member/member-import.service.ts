import { excel } from '../../platform/files/excel.js';
import { ID_RE, MASKED_MOBILE_RE, MEMBER_FIELD_LABELS, MEMBER_MSG, isMaskedCert } from '@gsl/contract';
import type { Db } from '../../db/connection.js';
import type { Actor } from '../../platform/access/actor.js';
import { resolveScope } from '../../platform/access/scope.js';
import type { PersonalDataCipher } from '../../platform/audit/personal-data.js';
import { readImportSheet } from '../../platform/files/xlsx-transfer.js';
import { WIDE } from './member-excel.service.js';
import { ENTERPRISE, GROUP, MEMBER_RESOURCE, PERSON, type MemberKindDef } from './member.kinds.js';
import { memberRepo } from './member.repo.js';
import { GROUP_ORG_CATEGORIES, OWNER_CATEGORIES, personProblem, withIdCardDefaults } from './member.service.js';

// Import (every member kind): template, whole-file validation, one transaction through the service.
// One flow for the three kinds; what differs (required columns, org columns, unique keys, rules
// across fields, the template's example) is the kind's ImportSpec below.

export interface MemberImportError {
  row: number;
  column: string;
  message: string;
}
export interface MemberImportAnswer {
  total: number;
  valid: number;
  imported: number;
  dryRun: boolean;
  errors: MemberImportError[];
}

export const MEMBER_IMPORT_MAX_ROWS = 10_000;
const FULL_NUMBER_MSG = '请输入完整的号码';

/** One data row of the file: its cells by field, and the orgs its org columns name once resolved. */
interface ImportRow {
  row: number;
  cells: Record<string, string>;
  /** Ids of the org columns (所属组织; a group's 对应组织) whose cell names an org inside the scope. */
  orgs: Record<string, string>;
}

/** A column naming an org by name or id, among the orgs of these categories inside the caller's scope. */
interface OrgColumn {
  key: string;
  categories: number[];
  notFound: string;
  /** An empty cell means the caller's own org (所属组织, as save does). */
  emptyIsOwn?: boolean;
}

/** A key the database keeps unique: refused when several rows of the file share it and when a live member has it. */
interface UniqueKey {
  /** The column an error names. */
  column: string;
  /** The row's key; null when there is nothing to compare (an empty optional cell, an org not found). */
  of: (r: ImportRow) => string | null;
  /** The keys among `keys` that live members of the tenant already have. */
  taken: (db: Db, tenantId: string, keys: string[], cipher: PersonalDataCipher) => Promise<Set<string>>;
  takenMessage: string;
}

interface ImportSpec {
  /** Columns the file must have (starred in the template); the save schema requires their cells. */
  required: string[];
  /** Columns the template formats as text (codes, ids and dates Excel would turn into numbers). */
  text: string[];
  orgColumns: OrgColumn[];
  unique: UniqueKey[];
  /** The template's example row (所属组织 is the caller's own org). */
  example: Record<string, string>;
  /** 填写说明 of the kind's own columns (所属组织, codes, phones, regions and dates are common). */
  help: Record<string, string>;
  /** Rules across the row's fields once its cells passed the save schema, and fields derived from others. */
  check?: (values: Record<string, unknown>) => { problem: { field: string; message: string } | null; values: Record<string, unknown> };
}

const upper = (s: string | undefined) => (s ?? '').trim().toUpperCase();
/** A code column's cell: the label (正常) or the code itself (1). */
const codeOf = (kind: MemberKindDef, key: string, text: string) => Object.entries(kind.labels[key] ?? {}).find(([, l]) => l === text)?.[0] ?? text;

const creditKey = (kind: MemberKindDef): UniqueKey => ({
  column: 'creditCode',
  of: (r) => upper(r.cells.creditCode) || null,
  taken: (db, tenantId, keys) => memberRepo.takenCreditCodes(db, kind, tenantId, keys),
  takenMessage: MEMBER_MSG.creditExists,
});
const ownerColumn: OrgColumn = { key: 'deptId', categories: OWNER_CATEGORIES, notFound: MEMBER_MSG.deptNotFound, emptyIsOwn: true };

const IMPORT_SPECS: Record<MemberKindDef['kind'], ImportSpec> = {
  enterprise: {
    required: ['name', 'creditCode'],
    text: ['deptId', 'creditCode', 'contactPhone', 'regionCode', 'joinDate'],
    orgColumns: [ownerColumn],
    unique: [creditKey(ENTERPRISE)],
    example: {
      name: '南京示例科技有限公司',
      creditCode: '91320100MA1X00001C',
      legalPerson: '张三',
      industry: '软件和信息技术服务业',
      scale: '小型',
      regionCode: '320100',
      address: '南京市玄武区示例路1号',
      contactName: '李四',
      contactPhone: '13800138000',
      joinDate: '2024-01-01',
      memberLevel: '会员',
      memberType: '民营企业',
      status: '正常',
      remark: '',
    },
    help: {
      name: '必填。不超过200个字符',
      creditCode: '必填。18位,按 GB 32100 校验;不能与文件中其他行或已有企业会员重复',
    },
  },
  group: {
    required: ['name'],
    text: ['deptId', 'creditCode', 'orgDeptId', 'contactPhone', 'regionCode', 'joinDate'],
    orgColumns: [ownerColumn, { key: 'orgDeptId', categories: GROUP_ORG_CATEGORIES, notFound: MEMBER_MSG.orgNotFound }],
    unique: [
      creditKey(GROUP),
      {
        column: 'orgDeptId',
        of: (r) => (r.orgs.deptId && r.orgs.orgDeptId ? `${r.orgs.deptId}:${r.orgs.orgDeptId}` : null),
        taken: async (db, tenantId, keys) => {
          const taken = await memberRepo.takenGroupOrgs(db, tenantId, [...new Set(keys.map((k) => k.split(':')[1]))]);
          return new Set(keys.filter((k) => taken.has(k)));
        },
        takenMessage: MEMBER_MSG.orgExists,
      },
    ],
    example: {
      name: '南京市示例行业商会',
      creditCode: '51320100MJ00000124',
      groupType: '商会',
      orgDeptId: '',
      legalPerson: '王五',
      regionCode: '320100',
      address: '南京市鼓楼区示例路2号',
      contactName: '赵六',
      contactPhone: '13800138001',
      memberCount: '120',
      joinDate: '2024-01-01',
      memberLevel: '会员',
      status: '正常',
      remark: '',
    },
    help: {
      name: '必填。不超过200个字符',
      creditCode: '选填。18位,按 GB 32100 校验;不能与文件中其他行或已有团体会员重复',
      orgDeptId: '选填。该团体对应的商会或协会,填写组织名称或组织编号,须在您的数据权限范围内;同一所属组织下不能重复',
      memberCount: '选填。0及以上的整数',
    },
  },
  person: {
    required: ['name', 'certNo'],
    text: ['deptId', 'certNo', 'birthDate', 'phone', 'regionCode', 'joinDate'],
    orgColumns: [ownerColumn],
    unique: [
      {
        column: 'certNo',
        // Unique per certificate type (uk_member_psn_cert); an empty type is an identity card.
        of: (r) => (upper(r.cells.certNo) ? `${codeOf(PERSON, 'certType', r.cells.certType ?? '') || '1'}:${upper(r.cells.certNo)}` : null),
        taken: async (db, tenantId, keys, cipher) => {
          const hashOf = new Map(keys.map((k) => [k, `${k.slice(0, k.indexOf(':'))}:${cipher.hash(k.slice(k.indexOf(':') + 1))}`]));
          const taken = await memberRepo.takenCertHashes(db, tenantId, [...new Set([...hashOf.values()].map((h) => h.slice(h.indexOf(':') + 1)))]);
          return new Set(keys.filter((k) => taken.has(hashOf.get(k)!)));
        },
        takenMessage: MEMBER_MSG.certExists,
      },
    ],
    example: {
      name: '张三',
      certType: '居民身份证',
      certNo: '320102198001011238',
      gender: '男',
      birthDate: '1980-01-01',
      nationality: '中国',
      nativePlace: '江苏南京',
      politics: '群众',
      education: '大学本科',
      phone: '13800138000',
      company: '南京示例科技有限公司',
      post: '总经理',
      regionCode: '320102',
      joinDate: '2024-01-01',
      memberLevel: '会员',
      status: '正常',
      remark: '',
    },
    help: {
      name: '必填。不超过50个字符',
      certNo: '必填。居民身份证按 GB 11643 校验(18位,出生日期与校验位);其他证件为5到30位字母或数字;同一证件类型下不能与文件中其他行或已有个人会员重复',
      gender: '选填。男、女;居民身份证可不填(按号码填写),填写时须与号码一致',
      birthDate: '选填。yyyy-MM-dd;居民身份证可不填(按号码填写),填写时须与号码一致',
    },
    check: (values) => {
      const problem = personProblem(values);
      return { problem, values: problem ? values : withIdCardDefaults(values) };
    },
  },
};

/** Help lines every kind shares (the kind's own lines win). */
const COMMON_HELP: Record<string, string> = {
  deptId: '选填。组织名称或组织编号,须在您的数据权限范围内;不填时为您所在的组织;名称重名时请填写编号',
  contactPhone: '选填。11位手机号码',
  phone: '选填。11位手机号码',
  regionCode: '选填。行政区划代码(2、4、6、9或12位数字)',
  joinDate: '选填。yyyy-MM-dd,不能晚于今天',
};

const importColumns = (kind: MemberKindDef) => Object.entries(MEMBER_FIELD_LABELS[kind.kind]).map(([key, header]) => ({ key, header }));

/** Finds an org by id or by name (short or full) among the given orgs; a name two orgs share asks for the id. */
function orgFinder(orgs: Array<{ id: unknown; deptName: string | null; fullName: string | null }>) {
  const byId = new Set(orgs.map((o) => String(o.id)));
  const byName = new Map<string, string[]>();
  for (const o of orgs) for (const n of new Set([o.deptName, o.fullName].filter(Boolean) as string[])) byName.set(n, [...(byName.get(n) ?? []), String(o.id)]);
  return {
    has: (id: string) => byId.has(id),
    find(text: string, notFound: string): { id: string } | { message: string } {
      if (ID_RE.test(text) && byId.has(text)) return { id: text };
      const named = byName.get(text) ?? [];
      if (named.length > 1) return { message: '组织名称不唯一,请填写组织编号' };
      if (named.length === 1) return { id: named[0] };
      return { message: notFound };
    },
  };
}

export const memberImportService = {
  /** The template: the header row (required columns starred), one example row, and a sheet of rules. */
  async template(kind: MemberKindDef, ownOrg: string | null): Promise<Buffer> {
    const spec = IMPORT_SPECS[kind.kind];
    const wb = new (await excel()).Workbook();
    const ws = wb.addWorksheet(kind.label);
    const cols = importColumns(kind);
    ws.columns = cols.map((c) => ({ header: spec.required.includes(c.key) ? `${c.header}*` : c.header, key: c.key, width: WIDE[c.key] ?? 14 }));
    ws.getRow(1).font = { bold: true };
    ws.addRow({ ...spec.example, deptId: ownOrg ?? '' });
    for (const key of spec.text) ws.getColumn(key).numFmt = '@';
    const help = wb.addWorksheet('填写说明');
    help.columns = [
      { header: '列', width: 18 },
      { header: '说明', width: 90 },
    ];
    help.getRow(1).font = { bold: true };
    for (const c of cols) {
      const labels = kind.labels[c.key];
      const line =
        spec.help[c.key] ??
        COMMON_HELP[c.key] ??
        (labels
          ? `选填。${Object.values(labels).join('、')}${c.key === 'status' ? ';不填为正常' : c.key === 'certType' ? ';不填为居民身份证' : ''}`
          : undefined);
      if (line) help.addRow([c.header, line]);
    }
    return Buffer.from(await wb.xlsx.writeBuffer());
  },

  /**
   * Checks the whole workbook (required cells, the save call's field rules with the code checksums and
   * the phone rule, the kind's rules across fields, orgs by name or id inside the scope, duplicates in the
   * file and in the database), then inserts every valid row in ONE transaction through the member service
   * (personal data encrypted as on save, history written), unless dry run.
   */
  async import(
    db: Db,
    kind: MemberKindDef,
    actor: Actor,
    file: Buffer,
    opts: { dryRun: boolean; cipher: PersonalDataCipher; save: (rows: Array<Record<string, unknown> & { deptId: string }>) => Promise<number> },
  ): Promise<MemberImportAnswer> {
    const { dryRun } = opts;
    const spec = IMPORT_SPECS[kind.kind];
    const cols = importColumns(kind);
    const byHeader = new Map(cols.map((c) => [c.header, c.key]));
    const sheet = await readImportSheet(file, byHeader, MEMBER_IMPORT_MAX_ROWS);
    const header = sheet.columns;
    const rows: ImportRow[] = sheet.rows.map((r) => ({ row: r.row, cells: r.cells as Record<string, string>, orgs: {} }));
    const answer = (errors: MemberImportError[], valid: number, imported = 0): MemberImportAnswer => ({ total: rows.length, valid, imported, dryRun, errors });
    const label = (key: string) => MEMBER_FIELD_LABELS[kind.kind][key] ?? key;
    const missing = spec.required.filter((k) => !header.has(k));
    if (missing.length)
      return answer(
        missing.map((k) => ({ row: 1, column: label(k), message: `缺少必填列: ${label(k)}` })),
        0,
      );

    const scope = await resolveScope(db, actor, MEMBER_RESOURCE);
    const finders = new Map<string, ReturnType<typeof orgFinder>>();
    for (const c of spec.orgColumns) {
      const key = c.categories.join(',');
      if (!finders.has(key)) finders.set(key, orgFinder(await memberRepo.orgsInScope(db, scope, c.categories)));
    }
    const finderOf = (c: OrgColumn) => finders.get(c.categories.join(','))!;
    const orgKeys = new Set(spec.orgColumns.map((c) => c.key));

    const errors: MemberImportError[] = [];
    const candidates: Array<{ row: number; values: Record<string, unknown> & { deptId: string } }> = [];
    for (const r of rows) {
      const { row, cells } = r;
      const fail = (key: string, message: string) => errors.push({ row, column: label(key), message });
      const before = errors.length;
      // Org columns: a name or id inside the scope; an empty 所属组织 is the caller's own org (as save does).
      for (const c of spec.orgColumns) {
        const text = cells[c.key] ?? '';
        if (!text) {
          if (!c.emptyIsOwn) continue;
          if (finderOf(c).has(String(actor.deptId))) r.orgs[c.key] = String(actor.deptId);
          else fail(c.key, c.notFound);
          continue;
        }
        const found = finderOf(c).find(text, c.notFound);
        if ('id' in found) r.orgs[c.key] = found.id;
        else fail(c.key, found.message);
      }
      // The save call's input: code columns accept the label (正常) or the code (1); org columns their id.
      const input: Record<string, unknown> = {};
      for (const [key, text] of Object.entries(cells)) {
        if (key === 'deptId' || text === '') continue;
        if (orgKeys.has(key)) {
          if (r.orgs[key]) input[key] = r.orgs[key];
        } else input[key] = kind.labels[key] ? codeOf(kind, key, text) : text;
      }
      // The save call's own rules and messages (required cells, checksums, the phone rule, dates, codes).
      const parsed = kind.save.safeParse(input);
      if (!parsed.success) {
        const seen = new Set<string>();
        for (const issue of parsed.error.issues) {
          const key = String(issue.path[0] ?? 'name');
          if (seen.has(key)) continue;
          seen.add(key);
          fail(key, issue.message);
        }
        continue;
      }
      let values = parsed.data as Record<string, unknown>;
      // The masked form a list or an export shows is not a number to store.
      const masked = kind.sensitive.filter(
        (s) =>
          typeof values[s.field] === 'string' &&
          (MASKED_MOBILE_RE.test(values[s.field] as string) || (s.field === 'certNo' && isMaskedCert(values[s.field] as string))),
      );
      for (const s of masked) fail(s.field, FULL_NUMBER_MSG);
      if (!masked.length && spec.check) {
        const checked = spec.check(values);
        if (checked.problem) fail(checked.problem.field, checked.problem.message);
        values = checked.values;
      }
      if (errors.length === before) candidates.push({ row, values: { ...values, deptId: r.orgs.deptId } });
    }

    // Unique keys: every row of a key repeated in the file is refused, and every row whose key a live member has.
    for (const u of spec.unique) {
      const byKey = new Map<string, number[]>();
      for (const r of rows) {
        const key = u.of(r);
        if (key) byKey.set(key, [...(byKey.get(key) ?? []), r.row]);
      }
      for (const list of byKey.values())
        if (list.length > 1)
          for (const row of list) errors.push({ row, column: label(u.column), message: `${label(u.column)}在文件中重复(第${list.join('、')}行)` });
      const taken = byKey.size ? await u.taken(db, actor.tenantId, [...byKey.keys()], opts.cipher) : new Set<string>();
      for (const key of taken) for (const row of byKey.get(key) ?? []) errors.push({ row, column: label(u.column), message: u.takenMessage });
    }

    const bad = new Set(errors.map((e) => e.row));
    const valid = candidates.filter((c) => !bad.has(c.row));
    const order = cols.map((c) => c.header);
    errors.sort((a, b) => a.row - b.row || order.indexOf(a.column) - order.indexOf(b.column));
    if (dryRun || !valid.length) return answer(errors, valid.length);
    const imported = await opts.save(valid.map((c) => c.values));
    return answer(errors, valid.length, imported);
  },
};
