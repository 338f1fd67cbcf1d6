import { describe, expect, it, vi } from 'vitest';
import {
  CODE_MSG,
  creditCheckChar,
  creditCodeProblem,
  idCardBirthDate,
  idCardCheckChar,
  idCardGender,
  idCardProblem,
  maskCert,
  productToday,
} from './codes.js';
import { MEMBER_MSG, enterpriseSave } from './member.js';

describe('GB 32100 unified social credit code', () => {
  it('accepts published codes and the schema example', () => {
    // The standard's example and a published company code.
    for (const code of ['91350100M000100Y43', '91110108551385082Q']) expect(creditCodeProblem(code), code).toBeNull();
  });
  it('refuses a wrong check character, a wrong length and forbidden letters', () => {
    expect(creditCodeProblem('91110108551385083Q')).toBe(CODE_MSG.creditCheck);
    expect(creditCodeProblem('91320000134785621')).toBe(CODE_MSG.creditFormat);
    expect(creditCodeProblem('9132000013478562IO')).toBe(CODE_MSG.creditFormat);
    expect(creditCodeProblem('')).toBe(CODE_MSG.creditRequired);
  });
  it('computes the check character that makes a code valid', () => {
    const body = '91320100MA1ABCDE0';
    expect(creditCodeProblem(body + creditCheckChar(body))).toBeNull();
  });
});

describe('GB 11643 identity card number', () => {
  it('accepts the standard example, reads birth date and gender', () => {
    expect(idCardProblem('11010519491231002X')).toBeNull();
    expect(idCardBirthDate('11010519491231002X')).toBe('1949-12-31');
    expect(idCardGender('11010519491231002X')).toBe(2);
  });
  it('refuses a wrong check digit, an impossible birth date and a short number', () => {
    expect(idCardProblem('110105194912310021')).toBe(CODE_MSG.idCheck);
    const feb30 = '32010219900230001';
    expect(idCardProblem(feb30 + idCardCheckChar(feb30))).toBe(CODE_MSG.idBirth);
    expect(idCardProblem('3201021990')).toBe(CODE_MSG.idFormat);
  });
  it('masks all but the first 3 and last 4 characters', () => {
    expect(maskCert('11010519491231002X')).toBe('110***********002X');
  });
});

describe('productToday: "today" in the product’s zone (Asia/Shanghai), whatever zone the process runs in', () => {
  it('is already the next day from 16:00 UTC, and still the same day until then', () => {
    expect(productToday(Date.parse('2026-11-27T15:59:59Z'))).toBe('2026-11-27');
    expect(productToday(Date.parse('2026-11-27T16:00:00Z'))).toBe('2026-11-28');
    expect(productToday(Date.parse('2026-12-31T16:30:00Z'))).toBe('2027-01-01');
  });

  it('lets a member join today between 00:00 and 08:00 Beijing time', () => {
    vi.useFakeTimers({ now: Date.parse('2026-11-27T16:30:00Z'), toFake: ['Date'] }); // 00:30 on the 28th in Beijing
    try {
      const base = { name: '测试' };
      const today = enterpriseSave.safeParse({ ...base, joinDate: '2026-11-28' });
      expect(today.success ? null : today.error.issues.map((i) => i.message)).not.toContain(MEMBER_MSG.joinDateFuture);
      const tomorrow = enterpriseSave.safeParse({ ...base, joinDate: '2026-11-29' });
      expect(tomorrow.success).toBe(false);
      expect(tomorrow.error!.issues.map((i) => i.message)).toContain(MEMBER_MSG.joinDateFuture);
    } finally {
      vi.useRealTimers();
    }
  });
});
