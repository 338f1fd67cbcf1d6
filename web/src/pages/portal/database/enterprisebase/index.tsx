import { Alert, Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import {
  CREDIT_FIELDS,
  ENTERPRISE_BASE_STATUS,
  ENTERPRISE_CONTACT_FIELDS,
  ENTERPRISE_FIELDS,
  ENTERPRISE_TYPES,
  EQUITY_FIELDS,
  INVESTMENT_FIELDS,
  IP_FIELDS,
  PENALTY_FIELDS,
} from '@gsl/contract';
import { enterpriseBaseApi, sectionApi, sectionList } from '../../../../api/profile';
import type { CrudSearchField } from '../../../../components/crud/types';
import { ProfileBasePage } from '../profileKit/ProfileBasePage';
import { optionsOf } from '../kinds';
import { formFieldsOf, SectionTable } from '../profileKit/fieldKit';
import { ProfileDrawer, type ProfileTab } from '../profileKit/ProfileDrawer';
import '../database.css';
import '../profileKit/profile.css';

const F = ENTERPRISE_FIELDS;
/** The business info (工商信息) in the form's and the profile's order. */
export const ENTERPRISE_FORM_NAMES = Object.keys(F);

const pick = (name: string, labels: Record<number, string>) => (
  <Select allowClear placeholder={`请选择${F[name].label}`} options={optionsOf(labels)} style={{ width: 160 }} data-testid={`enterprisebase-search-${name}`} />
);
const SEARCH: CrudSearchField[] = [
  { name: 'name', label: '企业名称' },
  { name: 'creditCode', label: '统一社会信用代码' },
  { name: 'legalPerson', label: '法定代表人' },
  { name: 'status', label: '登记状态', input: pick('status', ENTERPRISE_BASE_STATUS) },
  { name: 'enterpriseType', label: '企业类型', input: pick('enterpriseType', ENTERPRISE_TYPES) },
  { name: 'industry', label: '所属行业' },
];

type SectionSpec = { key: string; label: string; fields: typeof F; columns: Array<string | [string, number]> };
/** The enterprise profile's sections (specification §3 "Enterprise profile"). */
export const ENTERPRISE_SECTIONS: SectionSpec[] = [
  {
    key: 'contact',
    label: '联系人',
    fields: ENTERPRISE_CONTACT_FIELDS,
    columns: [
      ['name', 110],
      ['post', 120],
      ['phone', 130],
      ['tel', 140],
      ['email', 180],
      ['remark', 160],
    ],
  },
  {
    key: 'equity',
    label: '股权',
    fields: EQUITY_FIELDS,
    columns: [
      ['shareholder', 220],
      ['shareholderType', 110],
      ['subscribedAmount', 150],
      ['ratio', 120],
      ['subscribedDate', 130],
    ],
  },
  {
    key: 'investment',
    label: '对外投资',
    fields: INVESTMENT_FIELDS,
    columns: [
      ['enterpriseName', 220],
      ['creditCode', 190],
      ['amount', 130],
      ['ratio', 110],
      ['investDate', 110],
    ],
  },
  {
    key: 'ip',
    label: '知识产权',
    fields: IP_FIELDS,
    columns: [
      ['ipType', 110],
      ['name', 200],
      ['regNo', 150],
      ['applyDate', 110],
      ['grantDate', 110],
      ['status', 100],
    ],
  },
  {
    key: 'credit',
    label: '信用',
    fields: CREDIT_FIELDS,
    columns: [
      ['creditType', 140],
      ['grade', 100],
      ['agency', 200],
      ['ratedDate', 110],
      ['remark', 160],
    ],
  },
  {
    key: 'penalty',
    label: '行政处罚',
    fields: PENALTY_FIELDS,
    columns: [
      ['decisionNo', 180],
      ['authority', 160],
      ['reason', 200],
      ['content', 200],
      ['amount', 130],
      ['penaltyDate', 110],
    ],
  },
];

/** The shareholders' ratios added up (the server refuses a total over 100%); refreshed with every write of the section. */
export function EquityTotal({ enterpriseId }: { enterpriseId: string }) {
  const rows = useQuery({
    queryKey: [...sectionApi('enterprise', 'equity', enterpriseId).queryKey, 'total'],
    queryFn: ({ signal }) => sectionList('enterprise', 'equity', enterpriseId, signal),
  });
  if (!rows.data?.length) return null;
  const total = Math.round(rows.data.reduce((sum, r) => sum + Number(r.ratio ?? 0), 0) * 10_000) / 10_000;
  return (
    <Alert className="profile-filter" type={total > 100 ? 'error' : 'info'} showIcon title={`持股比例合计：${total}%`} data-testid="enterprise-equity-total" />
  );
}

const TABS: ProfileTab[] = ENTERPRISE_SECTIONS.map((s) => ({
  key: s.key,
  label: s.label,
  render: (row) => (
    <>
      {s.key === 'equity' && <EquityTotal enterpriseId={row.id} />}
      <SectionTable kind="enterprise" section={s.key} parentId={row.id} fields={s.fields} columns={s.columns} testId={`enterprise-${s.key}`} />
    </>
  ),
}));

/**
 * 企业库 (/portal/database/enterprisebase; menu profile_enterprise): the enterprise base with search
 * (name, credit code, legal person, status, type, industry; established-date range), 新增 / 编辑
 * of the business info (the credit code with its checksum), 删除 with confirmation, and per row the
 * profile (档案) with 联系人, 股权 (the server refuses a total over 100%), 对外投资, 知识产权, 信用
 * and 行政处罚.
 */
export default function EnterpriseBasePage() {
  return (
    <ProfileBasePage
      testId="enterprisebase"
      menu="profile_enterprise"
      api={enterpriseBaseApi}
      fields={F}
      columns={[
        ['name', 220, 120],
        ['creditCode', 190, 150],
        ['legalPerson', 100, 87],
        ['registeredCapital', 130],
        ['establishedDate', 110, 105],
        ['enterpriseType', 110, 80],
        ['industry', 120, 80],
        ['status', 90],
      ]}
      formFields={formFieldsOf(F, 'enterprisebase', ENTERPRISE_FORM_NAMES)}
      formNames={ENTERPRISE_FORM_NAMES}
      search={SEARCH}
      dateRange={{ name: 'establishedDate', label: '成立日期' }}
      addValues={() => ({ status: 1 })}
      labelWidth={130}
      profile={(id, onClose) => (
        <ProfileDrawer
          kind="enterprise"
          id={id}
          title="企业档案"
          fields={F}
          names={ENTERPRISE_FORM_NAMES}
          tabs={TABS}
          onClose={onClose}
          testId="enterprise-profile"
        />
      )}
    />
  );
}
