import { LOGIN_TYPE_NAMES, SEX_NAMES, USER_STATUS_NAMES, maskPhone, type LoginLogView, type UserView } from '@gsl/contract';
import { formatTime } from '../../platform/http/time.js';
import type { UserRow } from './user.repo.js';

export interface ViewOptions {
  timeZone: string;
  /** Show the phone as 138****1234 (actors without the user_view button). */
  maskPhone: boolean;
}

/** A user row as the API shows it: ids as strings, zone times, never the password hash. */
export function userView(row: UserRow, o: ViewOptions): UserView {
  const lockedUntil = row.lockedUntil && new Date(row.lockedUntil).getTime() > Date.now() ? row.lockedUntil : null;
  return {
    id: String(row.id),
    tenantId: row.tenantId,
    account: row.account,
    name: row.name,
    realName: row.realName,
    avatar: row.avatar,
    email: row.email,
    phone: o.maskPhone ? maskPhone(row.phone) : row.phone,
    birthday: row.birthday,
    sex: row.sex,
    sexName: row.sex ? (SEX_NAMES[row.sex] ?? null) : null,
    code: row.code,
    deptId: String(row.deptId),
    deptName: row.deptName,
    postId: row.postId === null ? null : String(row.postId),
    profileTag: row.profileTag,
    roleIds: row.roleIds ?? '',
    roleNames: row.roleNames ?? '',
    // BladeX's names of the same values, which its clients read (README "Using a BladeX/Saber client").
    roleId: row.roleIds ?? '',
    roleName: row.roleNames ?? '',
    tenantName: row.tenantName ?? null,
    seq: row.seq,
    isAddressBook: row.isAddressBook,
    status: row.status,
    statusName: USER_STATUS_NAMES[row.status] ?? String(row.status),
    locked: !!lockedUntil,
    lockedUntil: formatTime(lockedUntil, o.timeZone),
    passwordResetRequired: row.passwordResetRequired,
    version: row.version,
    createTime: formatTime(row.createTime, o.timeZone),
    updateTime: formatTime(row.updateTime, o.timeZone),
  };
}

export function loginLogView(
  r: {
    id: string;
    userId: string | null;
    account: string | null;
    realName: string | null;
    deptId: string | null;
    deptName: string | null;
    loginType: string;
    success: number;
    message: string | null;
    remoteIp: string | null;
    userAgent: string | null;
    createTime: Date;
  },
  timeZone: string,
): LoginLogView {
  return {
    id: String(r.id),
    userId: r.userId === null ? null : String(r.userId),
    account: r.account,
    realName: r.realName,
    deptId: r.deptId === null ? null : String(r.deptId),
    deptName: r.deptName,
    loginType: r.loginType,
    loginTypeName: LOGIN_TYPE_NAMES[r.loginType] ?? r.loginType,
    success: r.success,
    message: r.message,
    remoteIp: r.remoteIp,
    userAgent: r.userAgent,
    createTime: formatTime(r.createTime, timeZone),
  };
}
