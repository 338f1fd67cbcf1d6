import { ASSOCIATION_LEADER_TYPES, CERT_TYPES, GENDERS, POLITICS, maskCert, maskPhone, type LeaderView } from '@gsl/contract';
import type { PersonalDataCipher } from '../../platform/audit/personal-data.js';
import { formatTime } from '../../platform/http/time.js';
import type { LeaderRow } from './leader.repo.js';

/** The personal numbers of a row, decrypted. */
export function numbersOf(row: Pick<LeaderRow, 'certNoEnc' | 'phoneEnc'>, cipher: PersonalDataCipher): { certNo: string; phone: string | null } {
  return { certNo: cipher.decrypt(row.certNoEnc), phone: row.phoneEnc ? cipher.decrypt(row.phoneEnc) : null };
}

/** Row → answer: phone and certificate masked unless `unmasked` (the caller holds member_sensitive; the route logs it). */
export function leaderView(row: LeaderRow, cipher: PersonalDataCipher, unmasked: boolean, timeZone: string): LeaderView {
  const { certNo, phone } = numbersOf(row, cipher);
  return {
    id: String(row.id),
    deptId: String(row.deptId),
    deptName: row.deptName,
    year: Number(row.year),
    leaderType: row.leaderType,
    leaderTypeName: ASSOCIATION_LEADER_TYPES[row.leaderType] ?? String(row.leaderType),
    personId: row.personId === null ? null : String(row.personId),
    name: row.name,
    certType: row.certType,
    certTypeName: CERT_TYPES[row.certType] ?? null,
    certNo: unmasked ? certNo : maskCert(certNo),
    gender: row.gender,
    genderName: row.gender === null ? null : (GENDERS[row.gender] ?? null),
    birthDate: row.birthDate,
    politics: row.politics,
    politicsName: row.politics === null ? null : (POLITICS[row.politics] ?? null),
    phone: unmasked ? phone : maskPhone(phone),
    company: row.company,
    post: row.post,
    startDate: row.startDate,
    endDate: row.endDate,
    remark: row.remark,
    sort: row.sort,
    version: row.version,
    createTime: formatTime(row.createTime, timeZone),
    updateTime: formatTime(row.updateTime, timeZone),
  };
}

/** The current year in the display zone (TIME_ZONE): the default term of every call. */
export function currentYear(timeZone: string): number {
  return Number(new Intl.DateTimeFormat('en', { timeZone, year: 'numeric' }).format(new Date()));
}
