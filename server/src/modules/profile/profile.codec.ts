import { MASKED_MOBILE_RE, PROFILE_MSG, isMaskedCert, maskCert, maskPhone, type Fields, type ProfileView } from '@gsl/contract';
import type { PersonalDataCipher } from '../../platform/audit/personal-data.js';
import { badRequest } from '../../platform/http/errors.js';
import { formatTime } from '../../platform/http/time.js';
import { columnsOf } from './profile.defs.js';

export type Row = Record<string, unknown> & { id: string; deptId: string; version: number; createTime: Date; updateTime: Date };

const maskOf = (field: string) => (field === 'certNo' ? maskCert : maskPhone);
const isMasked = (field: string, v: string) => (field === 'certNo' ? isMaskedCert(v) : MASKED_MOBILE_RE.test(v));

/** The row with its personal data decrypted under the API names. */
export function decrypt(fields: Fields, row: Row, cipher: PersonalDataCipher): Row {
  const out: Row = { ...row };
  for (const n of columnsOf(fields).sensitive) {
    const enc = row[`${n}Enc`] as string | null | undefined;
    out[n] = enc ? cipher.decrypt(enc) : null;
    delete out[`${n}Enc`];
  }
  return out;
}

/**
 * Column values of the fields the input names (absent keeps the stored value on update). Personal data
 * is encrypted and hashed; the masked form a screen showed comes back unchanged on update (kept), and is
 * refused on insert.
 */
export function columnValues(fields: Fields, input: Record<string, unknown>, cipher: PersonalDataCipher, updating: boolean): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [n, f] of Object.entries(fields)) {
    const v = input[n];
    if (v === undefined) continue;
    if (!f.sensitive) {
      out[n] = v;
      continue;
    }
    if (typeof v === 'string' && isMasked(n, v)) {
      if (updating) continue;
      throw badRequest(PROFILE_MSG.fullNumber);
    }
    out[`${n}Enc`] = v === null ? null : cipher.encrypt(String(v));
    out[`${n}Hash`] = v === null ? null : cipher.hash(String(v));
  }
  return out;
}

/**
 * Row (decrypted) → response: ids as strings, numerics as numbers, code fields with their label as
 * `<field>Name`, personal data masked unless `unmasked`; no hash, ciphertext or creator leaves.
 */
export function viewOf(fields: Fields, row: Row, opts: { timeZone: string; unmasked: boolean }, extra: Record<string, unknown> = {}): ProfileView {
  const out: Record<string, unknown> = { id: String(row.id), deptId: String(row.deptId), ...extra };
  for (const [n, f] of Object.entries(fields)) {
    let v = row[n] ?? null;
    if (f.kind.t === 'money' || f.kind.t === 'ratio') v = v === null ? null : Number(v);
    if (f.sensitive) v = opts.unmasked ? v : maskOf(n)(v as string | null);
    out[n] = v;
    if (f.kind.t === 'code') {
      const labels = f.kind.labels;
      out[`${n}Name`] = v === null ? null : (labels[Number(v)] ?? null);
    }
  }
  out.version = row.version;
  out.createTime = formatTime(row.createTime, opts.timeZone);
  out.updateTime = formatTime(row.updateTime, opts.timeZone);
  // id, deptId, version and the times are set above; the described fields pass through.
  return out as ProfileView;
}

/** The personal-data fields a set of rows actually shows (for the log of unmasked views). */
export const shownSensitive = (fields: Fields, rows: Row[]) => columnsOf(fields).sensitive.filter((n) => rows.some((r) => r[n]));
