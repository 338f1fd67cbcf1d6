/**
 * System dictionaries (blade_dict, platform-wide) and business dictionaries (blade_dict_biz, per
 * tenant) behave alike (BladeX); one module serves both, parameterised by this description.
 */
export interface DictKind {
  table: 'bladeDict' | 'bladeDictBiz';
  path: 'dict' | 'dict-biz';
  /** Menu code; buttons are `${menu}_add` … */
  menu: 'dict' | 'dictbiz';
  label: string;
  perTenant: boolean;
  rootConstraint: string;
  keyConstraint: string;
}

export const DICT: DictKind = {
  table: 'bladeDict',
  path: 'dict',
  menu: 'dict',
  label: '系统字典',
  perTenant: false,
  rootConstraint: 'uk_dict_root_code',
  keyConstraint: 'uk_dict_code_key',
};

export const DICT_BIZ: DictKind = {
  table: 'bladeDictBiz',
  path: 'dict-biz',
  menu: 'dictbiz',
  label: '业务字典',
  perTenant: true,
  rootConstraint: 'uk_dict_biz_root_code',
  keyConstraint: 'uk_dict_biz_code_key',
};
