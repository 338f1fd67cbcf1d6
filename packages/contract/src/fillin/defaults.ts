/**
 * The fill-in's built-in form templates (version 1 of each key), seeded once per installation; an
 * administrator changes them on 表单模板 (each save is a new version). README deviation 53 lists the fields.
 */
import { EDUCATIONS, POLITICS } from '../member/member.js';
import type { FieldOption, FormField } from './template.js';

export const COLLECT_TEMPLATE_KEY = 'collectperson';
export const SUPPLEMENT_TEMPLATE_KEY = 'associationcommercesupplement';
/** The menus whose templates these are (businesstag/listByMenuId answers by these codes or their ids). */
export const TEMPLATE_MENU: Record<string, string> = { [COLLECT_TEMPLATE_KEY]: 'fillin_collect', [SUPPLEMENT_TEMPLATE_KEY]: 'fillin_supplement' };
/** Fields a template of the key must keep shown and required (the record's own columns). */
export const SYSTEM_PROPS: Record<string, readonly string[]> = { [COLLECT_TEMPLATE_KEY]: ['name', 'certNo', 'category'], [SUPPLEMENT_TEMPLATE_KEY]: [] };

const opts = (labels: Record<number | string, string>): FieldOption[] => Object.entries(labels).map(([value, label]) => ({ value, label }));

/** 人员类别 (specification §1: standing and executive committee members and representatives). */
export const COLLECT_CATEGORIES: Record<number, string> = { 1: '常委', 2: '执委', 3: '会员代表' };
export const NATIONS = [
  '汉族', '蒙古族', '回族', '藏族', '维吾尔族', '苗族', '彝族', '壮族', '布依族', '朝鲜族', '满族', '侗族', '瑶族', '白族',
  '土家族', '哈尼族', '哈萨克族', '傣族', '黎族', '傈僳族', '佤族', '畲族', '高山族', '拉祜族', '水族', '东乡族', '纳西族',
  '景颇族', '柯尔克孜族', '土族', '达斡尔族', '仫佬族', '羌族', '布朗族', '撒拉族', '毛南族', '仡佬族', '锡伯族', '阿昌族',
  '普米族', '塔吉克族', '怒族', '乌孜别克族', '俄罗斯族', '鄂温克族', '德昂族', '保安族', '裕固族', '京族', '塔塔尔族',
  '独龙族', '鄂伦春族', '赫哲族', '门巴族', '珞巴族', '基诺族',
]; // prettier-ignore
export const DEPUTY_TYPES: Record<number, string> = { 0: '无', 1: '人大代表', 2: '政协委员' };
export const DEPUTY_LEVELS: Record<number, string> = { 1: '全国', 2: '省级', 3: '市级', 4: '县(区)级', 5: '乡镇级' };

export const COLLECT_FIELDS: FormField[] = [
  { prop: 'name', label: '姓名', type: 'text', required: true, maxLength: 50 },
  { prop: 'category', label: '人员类别', type: 'select', required: true, options: opts(COLLECT_CATEGORIES) },
  { prop: 'certNo', label: '身份证号码', type: 'idcard', required: true },
  { prop: 'gender', label: '性别', type: 'radio', required: true, options: opts({ 1: '男', 2: '女' }) },
  { prop: 'nation', label: '民族', type: 'select', required: true, options: NATIONS.map((n) => ({ value: n, label: n })) },
  { prop: 'mobile', label: '手机号码', type: 'mobile', required: true },
  { prop: 'company', label: '工作单位', type: 'text', required: true, maxLength: 100 },
  { prop: 'post', label: '职务', type: 'text', maxLength: 50 },
  { prop: 'politics', label: '政治面貌', type: 'select', options: opts(POLITICS) },
  { prop: 'education', label: '学历', type: 'select', options: opts(EDUCATIONS) },
  { prop: 'deputyType', label: '人大代表/政协委员', type: 'select', options: opts(DEPUTY_TYPES) },
  {
    prop: 'deputyLevel',
    label: '代表(委员)级别',
    type: 'select',
    options: opts(DEPUTY_LEVELS),
    visible: false,
    rules: [{ when: [{ field: 'deputyType', op: 'in', value: ['1', '2'] }], visible: true, required: true }],
  },
  { prop: 'photo', label: '照片', type: 'image' },
];

export const PARTY_ORG_TYPES: Record<number, string> = { 1: '党委', 2: '党总支', 3: '党支部', 4: '联合党支部' };

export const SUPPLEMENT_FIELDS: FormField[] = [
  { prop: 'memberCount', label: '会员总数', type: 'number', required: true },
  { prop: 'enterpriseCount', label: '企业会员数', type: 'number', required: true },
  { prop: 'staffCount', label: '专职工作人员数', type: 'number', required: true },
  { prop: 'officeArea', label: '办公面积(平方米)', type: 'number' },
  { prop: 'annualIncome', label: '上年度收入(万元)', type: 'number' },
  { prop: 'partyOrg', label: '是否建立党组织', type: 'radio', required: true, options: opts({ 1: '是', 0: '否' }) },
  {
    prop: 'partyOrgType',
    label: '党组织类型',
    type: 'select',
    options: opts(PARTY_ORG_TYPES),
    visible: false,
    rules: [{ when: [{ field: 'partyOrg', op: 'eq', value: '1' }], visible: true, required: true }],
  },
  {
    prop: 'partyMemberCount',
    label: '党员人数',
    type: 'number',
    visible: false,
    rules: [{ when: [{ field: 'partyOrg', op: 'eq', value: '1' }], visible: true, required: true }],
  },
  { prop: 'remark', label: '其他需要说明的情况', type: 'textarea', maxLength: 1000 },
];

export const DEFAULT_TEMPLATES = [
  { templateKey: COLLECT_TEMPLATE_KEY, name: '常委、执委及会员代表信息', menuCode: TEMPLATE_MENU[COLLECT_TEMPLATE_KEY], fields: COLLECT_FIELDS },
  { templateKey: SUPPLEMENT_TEMPLATE_KEY, name: '商会补充信息', menuCode: TEMPLATE_MENU[SUPPLEMENT_TEMPLATE_KEY], fields: SUPPLEMENT_FIELDS },
];
