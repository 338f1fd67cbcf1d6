/**
 * Association leadership by term (specification §1 "Manage association leadership", §7 "Association
 * ({product}-service associationcommerce)" and "ai-resume" associationbase / associationhistory /
 * associationleader, §9 "Leader lists: page size 5000", "Leader type 3 for the leaders call").
 *
 * A team is kept per org (a federation, chamber or association) and per year (term). Every leader is a
 * person of the person base (人员库), linked by certificate like member persons; phone and certificate
 * number are personal data (encrypted, masked unless the caller holds member_sensitive).
 */

/**
 * Leader types. 2 / 3 / 4 are the chamber module's numbers (副会长, 理事, 秘书处), so §9's "leader type 3"
 * of the leaders call is the council; the others follow.
 */
export const LEADER_TYPE = {
  president: 1,
  vicePresident: 2,
  council: 3,
  secretariat: 4,
  chairman: 5,
  partySecretary: 6,
  viceChairman: 7,
} as const;
export type LeaderType = (typeof LEADER_TYPE)[keyof typeof LEADER_TYPE];
export const ASSOCIATION_LEADER_TYPES: Record<number, string> = {
  5: '主席',
  6: '党组书记',
  1: '会长',
  7: '副主席',
  2: '副会长',
  3: '理事',
  4: '秘书处',
};
/** One per org and year (a partial unique index); the others are ordered lists. */
export const SINGLE_LEADER_TYPES: readonly number[] = [LEADER_TYPE.chairman, LEADER_TYPE.partySecretary, LEADER_TYPE.president];
/** The order a whole team is shown in (associationleader/list, the org profile, the person's posts). */
export const LEADER_TYPE_ORDER: readonly number[] = [5, 6, 1, 7, 2, 3, 4];
/** The types `leaders`, `submit` and `removeleader` are meant for (§9: type 3 by default). */
export const LIST_LEADER_TYPES: readonly number[] = [LEADER_TYPE.council, LEADER_TYPE.secretariat];
export const DEFAULT_LEADERS_TYPE = LEADER_TYPE.council;

export const LEADER_YEAR_MIN = 1949;
export const LEADER_YEAR_MAX = 2100;
/** §9: leader lists are fetched 5,000 at a time. */
export const LEADER_PAGE_SIZE = 5000;
export const MAX_TEAM_SIZE = 5000;

export const ASSOCIATION_MSG = {
  deptFormat: '组织编号格式不正确',
  deptNotFound: '组织不存在或不在数据权限范围内',
  notOrg: '只有工商联、商会或协会有领导班子',
  yearRequired: '请选择年度',
  yearFormat: '年度必须是整数',
  yearRange: `年度应在${LEADER_YEAR_MIN}到${LEADER_YEAR_MAX}之间`,
  leaderType: '领导类型取值不正确',
  leaderTypeRequired: '请选择领导类型',
  leaderTypeNotList: '该接口只能维护理事和秘书处成员',
  name: '请输入姓名',
  certRequired: '请输入证件号码',
  genderMismatch: '性别与身份证号码不一致',
  birthMismatch: '出生日期与身份证号码不一致',
  personNotFound: '所选人员不存在或无权访问',
  personMismatch: '所选人员的证件号码与填写的不一致',
  chairmanExists: '该组织本年度已有主席,每个组织每年只能有一位主席',
  partySecretaryExists: '该组织本年度已有党组书记,每个组织每年只能有一位党组书记',
  presidentExists: '该组织本年度已有会长,每个组织每年只能有一位会长',
  personExists: '该人员本年度已担任此职务',
  termFixed: '领导成员的所属组织和年度不能修改,请在目标年度新增',
  sameYear: '沿用的年度与目标年度不能相同',
  fromEmpty: (year: number) => `${year}年度没有可沿用的领导班子`,
  targetHasLeaders: (year: number, count: number) => `${year}年度已有${count}名领导班子成员,如需覆盖请选择替换后再沿用`,
  sortRequired: '请提供排序数据',
  sortTooMany: `一次最多调整${MAX_TEAM_SIZE}条排序`,
  sortDuplicate: '排序数据中有重复的成员',
  sortValue: '排序必须是0到1000000之间的整数',
  dateFormat: '日期格式应为 yyyy-MM-dd',
  monthFormat: '年月格式应为 yyyy-MM',
  endBeforeStart: '结束日期不能早于开始日期',
  historyTitle: '请输入大事记标题',
  historyDate: '请选择发生日期',
  termNo: '届次应在1到30之间',
  versionBad: '数据版本号不正确',
} as const;
