import type { AssociationDatabase } from './schema-association.js';
import type { AuthLogDatabase } from './schema-auth-log.js';
import type { ChatDatabase } from './schema-chat.js';
import type { DeliveryDatabase } from './schema-delivery.js';
import type { EventsDatabase } from './schema-events.js';
import type { MessageDatabase } from './schema-message.js';
import type { MydayDatabase } from './schema-myday.js';
import type { SupportDatabase } from './schema-support.js';
import type { AiDatabase } from './schema-ai.js';
import type { AiResumeDatabase } from './schema-ai-resume.js';
import type { AiHomepageDatabase } from './schema-ai-homepage.js';
import type { AiShareDatabase } from './schema-ai-share.js';
import type { FillinDatabase } from './schema-fillin.js';
import type { NewsDatabase } from './schema-news.js';
import type { PortalAppDatabase } from './schema-portalapp.js';
import type { MycenterDatabase } from './schema-mycenter.js';
import type { MemberDatabase } from './schema-member.js';
import type { ProfileDatabase } from './schema-profile.js';
import type { WechatDatabase } from './schema-wechat.js';
import type { MyorgMailboxDatabase } from './schema-myorg-mailbox.js';
import type { MyorgContactDatabase } from './schema-myorg-contact.js';
import type { ColumnType, Generated } from 'kysely';

/** Kysely's view of the tables (camelCase; CamelCasePlugin maps to snake_case). Keep in step with migrations/. */
export type Id = ColumnType<string, string | number | bigint | undefined, string | number | bigint>;
export type Time = ColumnType<Date, Date | string | undefined, Date | string>;
type Flag = ColumnType<number, number | undefined, number>;

interface Audited {
  createUser: ColumnType<string | null, string | null | undefined, string | null>;
  createDept: ColumnType<string | null, string | null | undefined, string | null>;
  createTime: Time;
  updateUser: ColumnType<string | null, string | null | undefined, string | null>;
  updateTime: Time;
}

export interface TenantTable extends Audited {
  id: Generated<string>;
  version: Flag;
  tenantId: string;
  tenantName: string;
  domainUrl: string | null;
  backgroundUrl: string | null;
  linkman: string | null;
  contactNumber: string | null;
  address: string | null;
  accountNumber: Flag;
  expireTime: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  packageId: string | null;
  datasourceId: string | null;
  licenseKey: string | null;
  status: Flag;
  isDeleted: Flag;
}

export interface ClientTable extends Audited {
  id: Generated<string>;
  version: Flag;
  clientId: string;
  clientSecretHash: string;
  resourceIds: string | null;
  scope: ColumnType<string, string | undefined, string>;
  authorizedGrantTypes: string;
  webServerRedirectUri: string | null;
  authorities: string | null;
  accessTokenValidity: Flag;
  refreshTokenValidity: Flag;
  additionalInformation: string | null;
  autoapprove: string | null;
  status: Flag;
  isDeleted: Flag;
}

export interface DeptTable extends Audited {
  id: Generated<string>;
  version: Flag;
  tenantId: ColumnType<string, string | undefined, string>;
  parentId: Id;
  ancestors: ColumnType<string, string | undefined, string>;
  idPath: ColumnType<string, string | undefined, string>;
  deptCategory: Flag;
  deptName: string;
  fullName: string | null;
  unionId: string | null;
  regionCode: string | null;
  regionLevel: number | null;
  chamberType: number | null;
  sort: Flag;
  remark: string | null;
  status: Flag;
  isDeleted: Flag;
}

export interface PostTable extends Audited {
  id: Generated<string>;
  version: Flag;
  tenantId: ColumnType<string, string | undefined, string>;
  category: Flag;
  postCode: string;
  postName: string;
  sort: Flag;
  remark: string | null;
  status: Flag;
  isDeleted: Flag;
}

/** Administrative divisions (0004): level 1 province, 2 city, 3 county (national), local ones below (0045); provinces have parent '00'. */
export interface RegionTable {
  code: string;
  parentCode: string;
  name: string;
  level: number;
  sort: Flag;
  /** 0045: 1 for a division an administrator added (editable), 0 for the national data. */
  isLocal: ColumnType<number, number | undefined, number>;
  remark: string | null;
}

export interface UserTable extends Audited {
  id: Generated<string>;
  tenantId: ColumnType<string, string | undefined, string>;
  code: string | null;
  userType: Flag;
  account: string;
  passwordHash: string;
  name: string | null;
  realName: string | null;
  avatar: string | null;
  email: string | null;
  phone: string | null;
  birthday: Date | null;
  sex: number | null;
  deptId: Id;
  postId: string | null;
  profileTag: string | null;
  seq: Flag;
  isAddressBook: Flag;
  loginFailCount: Flag;
  lockedUntil: Date | null;
  status: Flag;
  isDeleted: Flag;
  version: Flag;
  passwordResetRequired: Flag;
}

/** 用户平台配置 (0044): an account's extension (JSON text) per user type, 1 web, 2 app, 3 other. */
export interface UserPlatformTable {
  userId: string;
  userType: number;
  tenantId: string;
  userExt: string;
  updateUser: string | null;
  updateTime: ColumnType<Date, Date | undefined, Date>;
}

export interface RoleTable extends Audited {
  id: Generated<string>;
  version: Flag;
  tenantId: ColumnType<string, string | undefined, string>;
  parentId: ColumnType<string, string | number | undefined, string | number>;
  roleName: string;
  roleAlias: string;
  systemType: ColumnType<string, string | undefined, string>;
  deptId: string | null;
  sort: Flag;
  status: Flag;
  isDeleted: Flag;
}

export interface UserRoleTable {
  userId: Id;
  roleId: Id;
}

export interface MenuTable {
  id: Generated<string>;
  version: Flag;
  parentId: ColumnType<string, string | number | undefined, string | number>;
  code: string;
  name: string;
  alias: string | null;
  path: string | null;
  source: string | null;
  sort: Flag;
  category: Flag;
  action: Flag;
  isOpen: Flag;
  remark: string | null;
  isDeleted: Flag;
  createTime: Time;
  updateTime: Time;
}

export interface RoleMenuTable {
  roleId: Id;
  menuId: Id;
}

export interface TopMenuTable {
  id: Generated<string>;
  version: Flag;
  tenantId: ColumnType<string, string | undefined, string>;
  code: string;
  name: string;
  source: string | null;
  path: string | null;
  sort: Flag;
  isDeleted: Flag;
  createTime: Time;
  updateTime: Time;
}

export interface TopMenuSettingTable {
  topMenuId: Id;
  menuId: Id;
}

export interface ScopeDataTable {
  id: Generated<string>;
  version: Flag;
  menuId: Id;
  resourceCode: string;
  scopeName: string;
  scopeField: string | null;
  scopeClass: string | null;
  scopeColumn: string | null;
  scopeType: number;
  scopeValue: string | null;
  remark: string | null;
  status: Flag;
  isDeleted: Flag;
  createTime: Time;
  updateTime: Time;
}

export interface ScopeApiTable {
  id: Generated<string>;
  version: Flag;
  menuId: Id;
  resourceCode: string;
  scopeName: string;
  scopePath: string | null;
  scopeType: Flag;
  remark: string | null;
  status: Flag;
  isDeleted: Flag;
  createTime: Time;
  updateTime: Time;
}

export interface RoleScopeTable {
  roleId: Id;
  scopeCategory: number;
  scopeId: Id;
}

export interface DictTable {
  id: Generated<string>;
  version: Flag;
  parentId: ColumnType<string, string | number | undefined, string | number>;
  code: string;
  dictKey: string;
  dictValue: string;
  sort: Flag;
  remark: string | null;
  isSealed: Flag;
  isDeleted: Flag;
  createTime: Time;
  updateTime: Time;
}

export interface DictBizTable extends DictTable {
  tenantId: ColumnType<string, string | undefined, string>;
}

export interface ParamTable extends Audited {
  id: Generated<string>;
  version: Flag;
  paramName: string;
  paramKey: string;
  paramValue: string;
  remark: string | null;
  isDeleted: Flag;
}

export interface VersionUpdateLogTable extends Audited {
  id: Generated<string>;
  versionNo: string;
  title: string;
  content: string;
  updateType: Flag;
  publishTime: Time;
  version: Flag;
  isDeleted: Flag;
}

export interface AttachTable {
  id: Generated<string>;
  /** Unguessable id used in links (the numeric id is for administration screens only). */
  publicId: string;
  tenantId: string;
  storageKey: string;
  originalName: string;
  extension: string;
  contentType: string;
  attachSize: ColumnType<string, number | string, number | string>;
  category: string | null;
  isDeleted: Flag;
  createUser: string | null;
  createDept: string | null;
  createTime: Time;
}

export interface TenantPackageTable extends Audited {
  id: Generated<string>;
  packageName: string;
  remark: string | null;
  version: Flag;
  isDeleted: Flag;
}

export interface TenantPackageMenuTable {
  packageId: Id;
  menuId: Id;
}

export interface DatasourceTable extends Audited {
  id: Generated<string>;
  name: string;
  driverClass: ColumnType<string, string | undefined, string>;
  url: string;
  username: string;
  passwordEnc: string | null;
  remark: string | null;
  version: Flag;
  isDeleted: Flag;
}

export interface SeedStepTable {
  name: string;
  appliedTime: Time;
}

export interface Database
  extends
    AssociationDatabase,
    AuthLogDatabase,
    MemberDatabase,
    ProfileDatabase,
    DeliveryDatabase,
    EventsDatabase,
    MessageDatabase,
    MydayDatabase,
    MycenterDatabase,
    ChatDatabase,
    WechatDatabase,
    MyorgMailboxDatabase,
    MyorgContactDatabase,
    SupportDatabase,
    AiDatabase,
    AiResumeDatabase,
    AiHomepageDatabase,
    AiShareDatabase,
    FillinDatabase,
    NewsDatabase,
    PortalAppDatabase {
  seedStep: SeedStepTable;
  bladeTenantPackage: TenantPackageTable;
  bladeTenantPackageMenu: TenantPackageMenuTable;
  bladeAttach: AttachTable;
  bladeVersionUpdateLog: VersionUpdateLogTable;
  bladeTenant: TenantTable;
  bladeDatasource: DatasourceTable;
  bladeClient: ClientTable;
  bladeDept: DeptTable;
  bladePost: PostTable;
  bladeRegion: RegionTable;
  bladeUser: UserTable;
  bladeUserPlatform: UserPlatformTable;
  bladeRole: RoleTable;
  bladeUserRole: UserRoleTable;
  bladeMenu: MenuTable;
  bladeRoleMenu: RoleMenuTable;
  bladeTopMenu: TopMenuTable;
  bladeTopMenuSetting: TopMenuSettingTable;
  bladeScopeData: ScopeDataTable;
  bladeScopeApi: ScopeApiTable;
  bladeRoleScope: RoleScopeTable;
  bladeDict: DictTable;
  bladeDictBiz: DictBizTable;
  bladeParam: ParamTable;
}
