import { excel } from '../../../platform/files/excel.js';
import { REGION_MAX_LEVEL, REGION_ROOT, REGION_SHEET_COLUMNS, type ImportAnswer, type ImportError, type RegionSubmit } from '@gsl/contract';
import type { Db } from '../../../db/connection.js';
import { badRequest, notFound } from '../../../platform/http/errors.js';
import { readImportSheet } from '../../../platform/files/xlsx-transfer.js';
import { regionRepo, type RegionFilter, type RegionRow } from './region.repo.js';

/** README "Using a BladeX/Saber client": the national divisions are read-only; local ones are added below them. */
export const REGION_MSG = {
  national: '国家行政区划数据不能修改',
  nationalRemove: '国家行政区划数据不能删除',
  noParent: '上级行政区划不存在',
  tooDeep: `行政区划最多${REGION_MAX_LEVEL}级`,
  codePrefix: '区划编号须以上级区划编号开头',
  hasChildren: '请先删除下级行政区划',
  noCode: '请填写区划编号或区划子编号',
} as const;

const H = REGION_SHEET_COLUMNS;
const MAX_IMPORT_ROWS = 5000;

/** The code a submit names: given whole, or the parent's code followed by subCode (BladeX). */
function codeOf(input: Pick<RegionSubmit, 'code' | 'parentCode' | 'subCode'>): string {
  const code = input.code || (input.subCode ? `${input.parentCode}${input.subCode}` : '');
  if (!code) throw badRequest(REGION_MSG.noCode);
  if (code.length > 12) throw badRequest('区划编号过长');
  return code;
}

export const regionService = {
  /** BladeX submit: an existing local code is updated (name, sort, remark), a new one is added under its parent. */
  async submit(db: Db, input: RegionSubmit): Promise<{ row: RegionRow; created: boolean }> {
    const code = codeOf(input);
    const existing = await regionRepo.find(db, code);
    if (existing) {
      if (!existing.isLocal) throw badRequest(REGION_MSG.national);
      if (existing.parentCode !== input.parentCode) throw badRequest('不能修改行政区划的上级');
      await regionRepo.update(db, code, {
        name: input.name,
        ...(input.sort !== undefined ? { sort: input.sort } : {}),
        ...(input.remark !== undefined ? { remark: input.remark ?? null } : {}),
      });
      return { row: (await regionRepo.find(db, code))!, created: false };
    }
    if (input.parentCode === REGION_ROOT || /^0+$/.test(input.parentCode)) throw badRequest('只能在已有行政区划下新增本地区划');
    if (!code.startsWith(input.parentCode) || code === input.parentCode) throw badRequest(REGION_MSG.codePrefix);
    const parent = await regionRepo.find(db, input.parentCode);
    if (!parent) throw badRequest(REGION_MSG.noParent);
    if (parent.level >= REGION_MAX_LEVEL) throw badRequest(REGION_MSG.tooDeep);
    await regionRepo.insert(db, {
      code,
      parentCode: parent.code,
      name: input.name,
      level: parent.level + 1,
      sort: input.sort ?? 0,
      remark: input.remark ?? null,
    });
    return { row: (await regionRepo.find(db, code))!, created: true };
  },

  /** BladeX remove (one code, `id`): a local division without children. */
  async remove(db: Db, code: string): Promise<void> {
    const row = await regionRepo.find(db, code);
    if (!row) throw notFound();
    if (!row.isLocal) throw badRequest(REGION_MSG.nationalRemove);
    if (row.hasChildren) throw badRequest(REGION_MSG.hasChildren);
    await regionRepo.remove(db, code);
  },

  /** The export (and, empty, the template): one row per division, national and local. */
  async workbook(db: Db, f: RegionFilter | null): Promise<Buffer> {
    const wb = new (await excel()).Workbook();
    const ws = wb.addWorksheet('行政区划');
    ws.columns = [
      { header: H.code, key: 'code', width: 16 },
      { header: H.parentCode, key: 'parentCode', width: 16 },
      { header: H.name, key: 'name', width: 24 },
      { header: H.sort, key: 'sort', width: 8 },
      { header: H.remark, key: 'remark', width: 24 },
      { header: '层级', key: 'level', width: 8 },
      { header: '来源', key: 'source', width: 8 },
    ];
    if (f) {
      for (const r of await regionRepo.all(db, f))
        ws.addRow({
          code: r.code,
          parentCode: r.parentCode,
          name: r.name,
          sort: r.sort,
          remark: r.remark ?? '',
          level: r.level,
          source: r.isLocal ? '本地' : '国家',
        });
    } else {
      ws.addRow({ code: '320102001', parentCode: '320102', name: '示例街道', sort: 1, remark: '', level: 4, source: '本地' });
    }
    return Buffer.from(await wb.xlsx.writeBuffer());
  },

  /**
   * import-region: each row a local division (added, or with `isCovered` updated when its code is a local
   * one already); a national code, a missing parent or a bad code refuses the row. The whole file is
   * checked first, and the valid rows are written in one transaction (parents before children).
   */
  async import(db: Db, file: Buffer, opts: { dryRun: boolean; covered: boolean }): Promise<ImportAnswer> {
    const byHeader = new Map<string, keyof typeof H>(Object.entries(H).map(([k, v]) => [v, k as keyof typeof H]));
    const { rows } = await readImportSheet(file, byHeader, MAX_IMPORT_ROWS);
    const errors: ImportError[] = [];
    const seen = new Map<string, number>();
    const stored = await regionRepo.byCodes(db, [...new Set(rows.flatMap((r) => [r.cells.code ?? '', r.cells.parentCode ?? '']).filter(Boolean))]);
    type Ok = { row: number; code: string; parentCode: string; name: string; sort: number; remark: string | null; update: boolean };
    const ok: Ok[] = [];
    const levels = new Map<string, number>();
    for (const [code, r] of stored) levels.set(code, r.level);
    const sorted = [...rows].sort((a, b) => (a.cells.code ?? '').length - (b.cells.code ?? '').length);
    for (const { row, cells } of sorted) {
      const err = (column: string, message: string) => errors.push({ row, column, message });
      const code = cells.code ?? '';
      const parentCode = cells.parentCode ?? '';
      const name = cells.name ?? '';
      const sortText = cells.sort ?? '';
      if (!/^\d{1,12}$/.test(code)) err(H.code, code ? '区划编号只能包含数字,且不超过12位' : '请填写区划编号');
      if (!/^\d{1,12}$/.test(parentCode)) err(H.parentCode, parentCode ? '上级区划编号只能包含数字' : '请填写上级区划编号');
      if (!name) err(H.name, '请填写区划名称');
      else if (name.length > 64) err(H.name, '区划名称不能超过64个字符');
      if (sortText && !/^\d{1,5}$/.test(sortText)) err(H.sort, '排序必须是0到99999的整数');
      if ((cells.remark ?? '').length > 255) err(H.remark, '备注不能超过255个字符');
      if (errors.some((e) => e.row === row)) continue;
      if (seen.has(code)) {
        err(H.code, `区划编号在文件中重复(第${seen.get(code)}行)`);
        continue;
      }
      seen.set(code, row);
      const existing = stored.get(code);
      if (existing && !existing.isLocal) {
        err(H.code, REGION_MSG.national);
        continue;
      }
      if (existing && !opts.covered) {
        err(H.code, '区划编号已存在(选择覆盖导入以更新)');
        continue;
      }
      if (!code.startsWith(parentCode) || code === parentCode) {
        err(H.code, REGION_MSG.codePrefix);
        continue;
      }
      const parentLevel = levels.get(parentCode);
      if (parentLevel === undefined) {
        err(H.parentCode, REGION_MSG.noParent);
        continue;
      }
      if (parentLevel >= REGION_MAX_LEVEL) {
        err(H.parentCode, REGION_MSG.tooDeep);
        continue;
      }
      levels.set(code, parentLevel + 1);
      ok.push({ row, code, parentCode, name, sort: sortText ? Number(sortText) : 0, remark: cells.remark || null, update: !!existing });
    }
    errors.sort((a, b) => a.row - b.row);
    const answer = (imported: number): ImportAnswer => ({ total: rows.length, imported, valid: ok.length, dryRun: opts.dryRun, errors });
    if (opts.dryRun || !ok.length) return answer(0);
    await db.transaction().execute(async (trx) => {
      for (const r of ok) {
        if (r.update) await regionRepo.update(trx, r.code, { name: r.name, sort: r.sort, remark: r.remark });
        else await regionRepo.insert(trx, { code: r.code, parentCode: r.parentCode, name: r.name, level: levels.get(r.code)!, sort: r.sort, remark: r.remark });
      }
    });
    return answer(ok.length);
  },
};
