import { Select } from 'antd';
import { EDUCATIONS, GENDERS, PERSON_FIELDS, POLITICS, certProblem } from '@gsl/contract';
import { personBaseApi } from '../../../../api/profile';
import type { CrudFormField, CrudSearchField } from '../../../../components/crud/types';
import { ProfileBasePage } from '../profileKit/ProfileBasePage';
import { optionsOf } from '../kinds';
import { formFieldOf } from '../profileKit/fieldKit';
import { PERSON_FORM_NAMES, PersonProfileDrawer } from './PersonProfile';
import '../database.css';
import '../profileKit/profile.css';

const F = PERSON_FIELDS;
export { PERSON_FORM_NAMES };

/** The person form: every field by its contract description; the number also against its type (checksum of an identity card). */
export function personFields(): CrudFormField[] {
  return PERSON_FORM_NAMES.map((n) => {
    const field = formFieldOf(n, F[n], 'personbase');
    if (n !== 'certNo') return field;
    return {
      ...field,
      rules: [
        ...(field.rules ?? []),
        ({ getFieldValue }) => ({
          validator: async (_r: unknown, value: unknown) => {
            const v = typeof value === 'string' ? value.trim().toUpperCase() : '';
            const problem = v ? certProblem(Number(getFieldValue('certType') ?? 1), v) : null;
            if (problem) throw new Error(problem);
          },
        }),
      ],
    };
  });
}

const pick = (name: string, labels: Record<number, string>) => (
  <Select allowClear placeholder={`请选择${F[name].label}`} options={optionsOf(labels)} style={{ width: 160 }} data-testid={`personbase-search-${name}`} />
);
const SEARCH: CrudSearchField[] = [
  { name: 'name', label: '姓名' },
  { name: 'certNo', label: '证件号码' },
  { name: 'gender', label: '性别', input: pick('gender', GENDERS) },
  { name: 'politics', label: '政治面貌', input: pick('politics', POLITICS) },
  { name: 'education', label: '学历', input: pick('education', EDUCATIONS) },
  { name: 'company', label: '工作单位' },
];

/**
 * 人员库 (/portal/database/personbase; menu profile_person): the person base with search (name,
 * certificate number matched exactly, gender, politics, education, employer; creation date range),
 * 新增 / 编辑 (the contract's checks, the identity card's checksum, the permission setting 公开 /
 * 本组织及上级可见 / 仅本人可见; the photo uploaded through put-file-attach), 删除 with confirmation,
 * and per row the profile (档案, PersonProfileDrawer) with its 会员身份, 履历, 投资 and 荣誉.
 */
export default function PersonBasePage() {
  return (
    <ProfileBasePage
      testId="personbase"
      menu="profile_person"
      api={personBaseApi}
      fields={F}
      // eleven columns and 操作 fit 1440 px: the long texts give way first
      columns={[
        ['name', 120, 80],
        ['gender', 60],
        ['certType', 120, 80],
        ['certNo', 180, 135],
        ['birthDate', 105],
        ['politics', 110, 80],
        ['education', 110, 80],
        ['phone', 125, 110],
        ['company', 200, 100],
        ['post', 110, 80],
        ['visibility', 140, 90],
      ]}
      formFields={personFields()}
      formNames={PERSON_FORM_NAMES}
      search={SEARCH}
      dateRange={{ name: 'createTime', label: '创建时间' }}
      addValues={() => ({ certType: 1, visibility: 2 })}
      labelWidth={120}
      profile={(id, onClose) => <PersonProfileDrawer id={id} onClose={onClose} />}
    />
  );
}
