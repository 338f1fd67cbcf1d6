import type { MemberView } from '@gsl/contract';
import { formatTime } from '../../platform/http/time.js';
import type { MemberKindDef } from './member.kinds.js';
import type { MemberRow } from './member.repo.js';

/**
 * Row (personal data already decrypted) → response. Personal data is masked unless `unmasked`; code
 * fields get their label as `<field>Name`; ids are strings; no internal column (hashes, ciphertext,
 * creator) leaves.
 */
export function memberView(kind: MemberKindDef, row: MemberRow, opts: { timeZone: string; unmasked: boolean }): MemberView {
  const out: Record<string, unknown> = {
    id: String(row.id),
    deptId: String(row.deptId),
    deptName: row.deptName ?? null,
    regionName: row.regionName ?? null,
  };
  for (const c of [...kind.columns, ...kind.dates]) {
    const v = row[c];
    out[c] = v === undefined ? null : c === 'orgDeptId' && v !== null ? String(v) : v;
  }
  for (const [field, labels] of Object.entries(kind.labels)) {
    const v = row[field];
    out[`${field}Name`] = v === null || v === undefined ? null : (labels[Number(v)] ?? null);
  }
  for (const s of kind.sensitive) {
    const v = (row[s.field] as string | null | undefined) ?? null;
    out[s.field] = opts.unmasked ? v : s.mask(v);
  }
  out.version = row.version;
  out.createTime = formatTime(row.createTime, opts.timeZone);
  out.updateTime = formatTime(row.updateTime, opts.timeZone);
  // name, status and statusName come from the kind's column and label lists, which every kind has.
  return out as MemberView;
}
