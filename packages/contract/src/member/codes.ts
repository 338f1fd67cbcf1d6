/**
 * Checksums of Chinese identifiers (issue 5 "Personal data"): the unified social credit code
 * (统一社会信用代码, GB 32100-2015) and the resident identity card number (公民身份号码, GB 11643-1999).
 */

/** GB 32100: 31 characters (digits and capitals without I, O, S, V, Z). */
const CREDIT_CHARS = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const CREDIT_WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];
/** Position 1: registration authority; 2: organisation type; 3–8: region (digits); 9–17: organisation code; 18: check. */
const CREDIT_RE = /^[1-9A-GY][1-9A-Z0-9]\d{6}[0-9A-HJ-NPQRTUWXY]{10}$/;

export const CODE_MSG = {
  creditRequired: '请输入统一社会信用代码',
  creditFormat: '统一社会信用代码应为18位数字或大写字母',
  creditCheck: '统一社会信用代码校验位不正确',
  idFormat: '身份证号码应为18位,最后一位可为X',
  idBirth: '身份证号码中的出生日期不正确',
  idCheck: '身份证号码校验位不正确',
  certRequired: '请输入证件号码',
  certFormat: '证件号码应为5到30位字母或数字',
} as const;

export function creditCheckChar(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += CREDIT_CHARS.indexOf(first17[i]) * CREDIT_WEIGHTS[i];
  return CREDIT_CHARS[(31 - (sum % 31)) % 31];
}

/** The first GB 32100 rule the code breaks, or null. */
export function creditCodeProblem(value: string | null | undefined): string | null {
  const v = (value ?? '').trim().toUpperCase();
  if (!v) return CODE_MSG.creditRequired;
  if (v.length !== 18 || !CREDIT_RE.test(v)) return CODE_MSG.creditFormat;
  return creditCheckChar(v.slice(0, 17)) === v[17] ? null : CODE_MSG.creditCheck;
}

const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const ID_CHECK = '10X98765432';

export function idCardCheckChar(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(first17[i]) * ID_WEIGHTS[i];
  return ID_CHECK[sum % 11];
}

/** The birth date an 18-digit identity card number carries ('yyyy-MM-dd'), or null. */
export function idCardBirthDate(v: string): string | null {
  const y = +v.slice(6, 10),
    m = +v.slice(10, 12),
    d = +v.slice(12, 14);
  const date = new Date(Date.UTC(y, m - 1, d));
  if (y < 1900 || date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d || date.getTime() > Date.now()) return null;
  return `${v.slice(6, 10)}-${v.slice(10, 12)}-${v.slice(12, 14)}`;
}

/** The first GB 11643 rule the number breaks, or null. */
export function idCardProblem(value: string | null | undefined): string | null {
  const v = (value ?? '').trim().toUpperCase();
  if (!v) return CODE_MSG.certRequired;
  if (!/^[1-9]\d{16}[0-9X]$/.test(v)) return CODE_MSG.idFormat;
  if (!idCardBirthDate(v)) return CODE_MSG.idBirth;
  return idCardCheckChar(v.slice(0, 17)) === v[17] ? null : CODE_MSG.idCheck;
}

/** Gender from an identity card number: the 17th digit is odd for men (1) and even for women (2). */
export const idCardGender = (v: string): 1 | 2 => (Number(v[16]) % 2 === 1 ? 1 : 2);

/** How a certificate number is shown without the permission: first 3 and last 4 characters. */
export function maskCert(value: string | null | undefined): string | null {
  if (!value) return value ?? null;
  return value.length > 8 ? `${value.slice(0, 3)}${'*'.repeat(value.length - 7)}${value.slice(-4)}` : '****';
}

/**
 * Today as 'yyyy-MM-dd' in the product's zone (Asia/Shanghai, UTC+8 all year): what "not after today"
 * means on both halves, whatever zone the server or the browser runs in (from 00:00 to 08:00 Beijing
 * time the UTC date is still yesterday's).
 */
export function productToday(now: number = Date.now()): string {
  return new Date(now + 8 * 3600_000).toISOString().slice(0, 10);
}

/** A real calendar day 'yyyy-MM-dd' (never throws: an impossible date is simply not a day). */
export function isDay(v: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(v);
}
