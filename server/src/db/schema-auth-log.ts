import type { ColumnType, Generated } from 'kysely';
import type { Id, Time } from './schema.js';

/** Sign-on state and logs (migrations 0001–0003): secrets, SSO sessions, codes, refresh chains, captchas, the blade logs. */
export interface SecretTable {
  name: string;
  value: string;
  createTime: Time;
}

export interface SsoSessionTable {
  idHash: string;
  userId: Id;
  /** The tenant signed on to (null: the default tenant). */
  tenantId: string | null;
  createTime: Time;
  expireTime: Date;
  endTime: Date | null;
}

export interface AuthCodeTable {
  codeHash: string;
  clientId: string;
  userId: Id;
  /** The user's tenant (null: the default tenant). */
  tenantId: string | null;
  redirectUri: string;
  createTime: Time;
  expireTime: Date;
  usedTime: Date | null;
  /** The sign-on session that issued the code (its id hash; migration 0022). */
  ssoSessionHash: string | null;
}

export interface RefreshTokenTable {
  tokenHash: string;
  chainId: string;
  clientId: string;
  userId: Id;
  tenantId: string;
  deptId: Id;
  roleIds: string;
  createTime: Time;
  expireTime: Date;
  usedTime: Date | null;
  revokedTime: Date | null;
  /** The sign-on session the chain comes from (null: a password grant); ended when the chain is revoked. */
  ssoSessionHash: string | null;
}

export interface RevokedChainTable {
  chainId: string;
  revokedTime: Time;
  reason: string;
}

export interface CaptchaTable {
  key: string;
  answerHash: string;
  expireTime: Date;
}

interface LogCommon {
  id: Generated<string>;
  tenantId: string | null;
  serviceId: string | null;
  serverHost: string | null;
  serverIp: string | null;
  env: string | null;
  method: string | null;
  requestUri: string | null;
  userAgent: string | null;
  remoteIp: string | null;
  methodClass: string | null;
  methodName: string | null;
  params: string | null;
  createBy: string | null;
  createUser: string | null;
  createDept: string | null;
  createTime: Time;
}

export interface LogApiTable extends LogCommon {
  type: ColumnType<string, string | undefined, string>;
  title: string | null;
  time: number | null;
  status: number | null;
}

export interface LogErrorTable extends LogCommon {
  stackTrace: string | null;
  exceptionName: string | null;
  message: string | null;
  lineNumber: number | null;
  fileName: string | null;
}

export interface LogUsualTable extends LogCommon {
  logLevel: string | null;
  logId: string | null;
  logData: string | null;
}

export interface LoginLogTable {
  id: Generated<string>;
  tenantId: string | null;
  userId: string | null;
  account: string | null;
  deptId: string | null;
  loginType: string;
  success: number;
  message: string | null;
  remoteIp: string | null;
  userAgent: string | null;
  createTime: Time;
}

export interface AuthLogDatabase {
  sysSecret: SecretTable;
  authSsoSession: SsoSessionTable;
  authCode: AuthCodeTable;
  authRefreshToken: RefreshTokenTable;
  authRevokedChain: RevokedChainTable;
  authCaptcha: CaptchaTable;
  bladeLogApi: LogApiTable;
  bladeLogError: LogErrorTable;
  bladeLogUsual: LogUsualTable;
  bladeUserLoginLog: LoginLogTable;
}
