import { maskPhone, type OrgContactView } from '@gsl/contract';
import { formatTime } from '../../../platform/http/time.js';
import type { ContactRow } from './contact.repo.js';

/** A contact as detail and submit answer it: ids as strings, the phone masked unless `unmasked`. */
export function contactView(row: ContactRow, unmasked: boolean, timeZone: string): OrgContactView {
  return {
    id: String(row.id),
    entryType: 'contact',
    deptId: String(row.deptId),
    deptName: row.deptName,
    profileTag: row.profileTag,
    realName: row.realName,
    sex: row.sex,
    postName: row.postName,
    phone: unmasked ? row.phone : maskPhone(row.phone),
    email: row.email,
    seq: row.seq,
    remark: row.remark,
    version: row.version,
    createTime: formatTime(row.createTime, timeZone),
    updateTime: formatTime(row.updateTime, timeZone),
  };
}
