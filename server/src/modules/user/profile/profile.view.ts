import { SEX_NAMES, maskPhone, type MyProfileView } from '@gsl/contract';
import { formatTime } from '../../../platform/http/time.js';
import type { MyProfileRow } from './profile.repo.js';

/** The own profile as userProfile/info answers it: the phone masked, the post's name as a list. */
export function myProfileView(row: MyProfileRow, timeZone: string): MyProfileView {
  return {
    id: String(row.id),
    account: row.account,
    realName: row.realName,
    name: row.name,
    sex: row.sex,
    sexName: row.sex ? (SEX_NAMES[row.sex] ?? null) : null,
    phone: maskPhone(row.phone),
    phoneBound: !!row.phone,
    email: row.email,
    avatar: row.avatar,
    deptId: String(row.deptId),
    deptName: row.deptName,
    postNames: row.postName ? [row.postName] : [],
    roleNames: row.roleNames ?? '',
    version: row.version,
    updateTime: formatTime(row.updateTime, timeZone),
  };
}
