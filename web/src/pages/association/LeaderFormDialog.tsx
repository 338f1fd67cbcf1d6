import { useEffect, useId, useState } from 'react';
import { DatePicker, Form, Input, Segmented, Select, Spin, type FormRule } from 'antd';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { MASKED_MOBILE_RE, phoneProblem } from '@gsl/contract';
import { PROFILE_PREFIX, type ProfileRow } from '../../api/profile';
import { get } from '../../api/http';
import { useCan } from '../../components/Access';
import { FormModal } from '../../components/crud/FormModal';
import { optionsOf } from '../portal/database/kinds';
import {
  CERT_TYPE_LABELS,
  GENDERS,
  POLITICS,
  formValuesOf,
  fromIdCard,
  leaderBody,
  personLabel,
  problemOf,
  typeName,
  type LeaderFormValues,
  type PersonSource,
} from './leaderLogic';
import type { LeaderView } from '../../api/association';

/** The text the person-base search waits for before asking (a name's first character is enough). */
function useSettled(value: string, ms: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/** 从人员库选择: the person base by name (personbase/list-byname, at most 50, numbers masked). */
function PersonPicker({ value, onChange, testId }: { value?: string; onChange?: (v: string | undefined) => void; testId: string }) {
  const [typed, setTyped] = useState('');
  const name = useSettled(typed.trim(), 300);
  const found = useQuery({
    queryKey: ['profile', 'person', 'byname', name],
    queryFn: ({ signal }) => get<ProfileRow[]>(`${PROFILE_PREFIX.person}/list-byname`, { name }, { signal }).then((r) => r ?? []),
    enabled: name !== '',
  });
  return (
    <Select
      showSearch={{ filterOption: false, onSearch: setTyped }}
      allowClear
      value={value}
      onChange={(v) => onChange?.(v)}
      placeholder="输入姓名查找人员库中的人员"
      notFoundContent={found.isFetching ? <Spin size="small" /> : name ? '人员库中没有该姓名的人员' : '请输入姓名'}
      options={(found.data ?? []).map((p) => ({ value: p.id, label: personLabel(p) }))}
      data-testid={testId}
      aria-label="从人员库选择人员"
    />
  );
}

interface LeaderFormDialogProps {
  /** Which section (leader type) the member belongs to. */
  type: number;
  deptId: string;
  year: number;
  /** The member being edited; none: 新增. */
  row?: LeaderView;
  open: boolean;
  saving: boolean;
  onCancel: () => void;
  onSubmit: (body: Record<string, unknown>) => void;
  testId: string;
}

/**
 * 新增 / 编辑 of a team member (dialog of §9's width): the person picked from the person base
 * (人员库, by name) or entered by hand with the §5 checks (name, certificate by type — an identity
 * card's check character — gender and birth date against the card, an 11-digit mobile), then the
 * post, employer, term dates and remark. Editing shows the stored person (numbers masked; sent back
 * masked they stay as stored) and may pick another person from the base instead.
 */
export function LeaderFormDialog({ type, deptId, year, row, open, saving, onCancel, onSubmit, testId }: LeaderFormDialogProps) {
  const formId = `${useId()}-leader-form`;
  const [form] = Form.useForm<LeaderFormValues>();
  // picking needs the person base's menu (list-byname); without it the person is entered by hand
  const canPick = useCan()('profile_person');
  const start: PersonSource = row || !canPick ? 'new' : 'pick';
  const source = (Form.useWatch('source', form) ?? start) as PersonSource;
  const updating = Boolean(row);
  const title = `${row ? '编辑' : '新增'}${typeName(type)}`;

  const check =
    (field: string): FormRule =>
    ({ getFieldsValue }) => ({
      validator: async () => {
        const problem = problemOf(getFieldsValue(true) as LeaderFormValues, field, updating);
        if (problem) throw new Error(problem);
      },
    });
  const tid = (n: string) => `${testId}-form-${n}`;

  return (
    <FormModal title={title} open={open} saving={saving} onCancel={onCancel} formId={formId} testId={`${testId}-form`}>
      <Form<LeaderFormValues>
        id={formId}
        form={form}
        layout="horizontal"
        labelCol={{ flex: '96px' }}
        wrapperCol={{ flex: 1 }}
        initialValues={row ? formValuesOf(row) : { source: start, certType: 1 }}
        onFinish={(values) => onSubmit(leaderBody({ ...form.getFieldsValue(true), ...values }, { deptId, year }, row))}
        onValuesChange={(changed: Partial<LeaderFormValues>, all: LeaderFormValues) => {
          if ('certNo' in changed || 'certType' in changed) {
            const known = fromIdCard(all.certType, all.certNo);
            // the card says both: a new number (another person) brings its own
            if (known) form.setFieldsValue({ gender: known.gender, birthDate: dayjs(known.birthDate) });
          }
        }}
        data-testid={tid('body')}
        aria-label={title}
      >
        <Form.Item name="source" label="人员" hidden={!canPick}>
          <Segmented<PersonSource>
            options={[
              { value: 'pick', label: '从人员库选择' },
              { value: 'new', label: row ? '当前人员' : '新录入人员' },
            ]}
            data-testid={tid('source')}
          />
        </Form.Item>
        {source === 'pick' ? (
          <Form.Item name="personId" label="选择人员" required rules={[check('personId')]} validateTrigger={['onBlur', 'onChange']}>
            <PersonPicker testId={tid('personId')} />
          </Form.Item>
        ) : (
          <>
            <Form.Item name="name" label="姓名" required={!updating} rules={[check('name')]} validateTrigger="onBlur">
              <Input maxLength={50} placeholder="请输入姓名" data-testid={tid('name')} />
            </Form.Item>
            <Form.Item name="certType" label="证件类型">
              <Select options={optionsOf(CERT_TYPE_LABELS)} placeholder="请选择证件类型" data-testid={tid('certType')} />
            </Form.Item>
            <Form.Item name="certNo" label="证件号码" required={!updating} rules={[check('certNo')]} validateTrigger="onBlur" dependencies={['certType']}>
              <Input maxLength={30} placeholder="请输入证件号码" data-testid={tid('certNo')} />
            </Form.Item>
            <Form.Item name="gender" label="性别" rules={[check('gender')]} dependencies={['certNo']} validateTrigger={['onBlur', 'onChange']}>
              <Select allowClear options={optionsOf(GENDERS)} placeholder="请选择性别" data-testid={tid('gender')} />
            </Form.Item>
            <Form.Item name="birthDate" label="出生日期" rules={[check('birthDate')]} dependencies={['certNo']} validateTrigger={['onBlur', 'onChange']}>
              <DatePicker style={{ width: '100%' }} placeholder="请选择出生日期" data-testid={tid('birthDate')} />
            </Form.Item>
            <Form.Item name="politics" label="政治面貌">
              <Select allowClear options={optionsOf(POLITICS)} placeholder="请选择政治面貌" data-testid={tid('politics')} />
            </Form.Item>
            <Form.Item
              name="phone"
              label="手机号码"
              validateTrigger="onBlur"
              rules={[
                {
                  validator: async (_r, v: string | undefined) => {
                    const t = (v ?? '').trim();
                    // optional here; a masked number sent back keeps the stored one
                    const problem = !t || MASKED_MOBILE_RE.test(t) ? null : phoneProblem(t);
                    if (problem) throw new Error(problem);
                  },
                },
              ]}
            >
              <Input maxLength={11} placeholder="请输入手机号码" data-testid={tid('phone')} />
            </Form.Item>
          </>
        )}
        <Form.Item name="post" label="职务">
          <Input maxLength={100} placeholder={`如:${typeName(type)}、常务${typeName(type)}`} data-testid={tid('post')} />
        </Form.Item>
        <Form.Item name="company" label="工作单位">
          <Input maxLength={200} placeholder="请输入工作单位" data-testid={tid('company')} />
        </Form.Item>
        <Form.Item name="startDate" label="任职开始">
          <DatePicker style={{ width: '100%' }} placeholder="请选择开始日期" data-testid={tid('startDate')} />
        </Form.Item>
        <Form.Item name="endDate" label="任职结束" rules={[check('endDate')]} dependencies={['startDate']} validateTrigger={['onBlur', 'onChange']}>
          <DatePicker style={{ width: '100%' }} placeholder="请选择结束日期" data-testid={tid('endDate')} />
        </Form.Item>
        <Form.Item name="remark" label="备注">
          <Input.TextArea maxLength={500} autoSize={{ minRows: 2, maxRows: 5 }} placeholder="请输入备注" data-testid={tid('remark')} />
        </Form.Item>
      </Form>
    </FormModal>
  );
}
