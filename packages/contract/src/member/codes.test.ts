import { describe, expect, it } from 'vitest';
import { CODE_MSG, creditCheckChar, creditCodeProblem, idCardBirthDate, idCardCheckChar, idCardGender, idCardProblem, maskCert } from './codes.js';

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
