import { useState } from 'react';
import { Button, Card, DatePicker, Descriptions, Form, Input, InputNumber, Select, Spin } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { associationBaseSubmit } from '@gsl/contract';
import { associationKeys, submitBase, useAssociationBase, type AssociationBaseView } from '../../../api/association';
import { toast } from '../../../api/feedback';
import { tellUnhandled } from '../../../api/http';
import { useCan } from '../../../components/Access';
import { LoadError } from '../../../components/LoadError';
import { OrgPicker, useOrgChoice } from '../OrgPicker';
import { baseBody, baseFormValues, TERM_OPTIONS } from './baseLogic';
import '../association.css';

const MENU = 'association_base';

/** The counts of the form: a whole number, none below 0. */
const count = (name: string, label: string) => (
  <Form.Item name={name} label={label} key={name}>
    <InputNumber min={0} max={1_000_000} precision={0} style={{ width: '100%' }} placeholder={`请输入${label}`} data-testid={`base-form-${name}`} />
  </Form.Item>
);

function BaseForm({ record }: { record: AssociationBaseView }) {
  const can = useCan();
  const client = useQueryClient();
  const [form] = Form.useForm();
  const [saving, setSaving] = useState(false);
  const writable = can(record.id ? `${MENU}_edit` : `${MENU}_add`);

  const save = async (values: Record<string, unknown>) => {
    const body = baseBody(values, record);
    // the contract's checks first, each under its field (the server makes the same ones)
    const parsed = associationBaseSubmit.safeParse(body);
    if (!parsed.success) {
      form.setFields(parsed.error.issues.map((i) => ({ name: String(i.path[0]), errors: [i.message] })));
      return;
    }
    setSaving(true);
    try {
      const answer = await submitBase(body);
      toast.success(answer.msg);
      await client.invalidateQueries({ queryKey: associationKeys.base(record.deptId) });
    } catch (error) {
      tellUnhandled(error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <>
      <Descriptions
        size="small"
        column={2}
        className="base-current"
        data-testid="base-current"
        items={[
          { key: 'year', label: '当前届次年度', children: record.currentYear ?? '尚未录入领导班子' },
          { key: 'count', label: '领导班子人数', children: record.currentLeaderCount },
        ]}
      />
      <Form
        form={form}
        layout="horizontal"
        labelCol={{ flex: '130px' }}
        wrapperCol={{ flex: 1 }}
        style={{ maxWidth: 760 }}
        initialValues={baseFormValues(record)}
        onFinish={(v) => void save(v)}
        disabled={!writable}
        data-testid="base-form"
        aria-label="协会基本信息"
      >
        <Form.Item name="termNo" label="届次">
          <Select allowClear options={TERM_OPTIONS} placeholder="请选择届次" data-testid="base-form-termNo" />
        </Form.Item>
        {count('termYears', '每届年限')}
        <Form.Item name="termStartDate" label="本届开始日期">
          <DatePicker style={{ width: '100%' }} placeholder="请选择开始日期" data-testid="base-form-termStartDate" />
        </Form.Item>
        <Form.Item name="termEndDate" label="本届结束日期">
          <DatePicker style={{ width: '100%' }} placeholder="请选择结束日期" data-testid="base-form-termEndDate" />
        </Form.Item>
        <Form.Item name="electionMonth" label="换届完成年月">
          <DatePicker picker="month" format="YYYY-MM" style={{ width: '100%' }} placeholder="请选择换届完成年月" data-testid="base-form-electionMonth" />
        </Form.Item>
        {count('councilSize', '理事会人数')}
        {count('standingCouncilSize', '常务理事人数')}
        {count('congressSize', '会员代表人数')}
        <Form.Item name="secretaryGeneral" label="秘书长">
          <Input maxLength={50} placeholder="请输入秘书长姓名" data-testid="base-form-secretaryGeneral" />
        </Form.Item>
        {count('secretariatSize', '秘书处工作人员数')}
        <Form.Item name="remark" label="备注">
          <Input.TextArea maxLength={1000} autoSize={{ minRows: 2, maxRows: 6 }} placeholder="请输入备注" data-testid="base-form-remark" />
        </Form.Item>
        {writable && (
          <Form.Item label=" " colon={false}>
            <Button type="primary" htmlType="submit" loading={saving} data-testid="base-save">
              保存
            </Button>
          </Form.Item>
        )}
      </Form>
      {record.updateTime && <p className="leader-muted">更新于 {record.updateTime}</p>}
    </>
  );
}

/**
 * 协会基本信息 at /portal/myApp/associationBase (menu association_base; specification §7 ai-resume
 * associationbase detail and submit): an org's leadership base record — term, its dates and 换届完成年月,
 * the council's, standing council's, congress's and secretariat's sizes, 秘书长 — with the current
 * term's year and team size read from the leaders.
 */
export default function AssociationBasePage() {
  const [picked, setPicked] = useState<string>();
  const { tree, choices, chosen } = useOrgChoice(picked);
  const record = useAssociationBase(chosen?.value);
  return (
    <Card data-testid="base-page" title={<h2 className="leader-page__title">协会基本信息</h2>}>
      <OrgPicker tree={tree} choices={choices} value={chosen?.value} onChange={setPicked} testId="base-org" />
      {!chosen ? null : record.isPending ? (
        <Spin />
      ) : record.isError || !record.data ? (
        <LoadError onRetry={record.refetch} testId="base-error" />
      ) : (
        <BaseForm key={`${record.data.deptId}-${record.data.version}`} record={record.data} />
      )}
    </Card>
  );
}
