import { useEffect, useState } from 'react';
import { Button, Card, Checkbox, Empty, Input, Select, Space, Table, Tag, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CONDITION_OP_LABELS, CONDITION_OPS, FIELD_TYPE_LABELS, type ConditionOp, type FieldRule, type FormField, type TemplateView } from '@gsl/contract';
import { fillinApi, fillinKeys } from '../../api/fillin';
import { toast } from '../../api/feedback';
import { tellUnhandled } from '../../api/http';
import { useCan } from '../../components/Access';
import { LoadError } from '../../components/LoadError';

const EFFECTS = [
  { value: 'required', label: '必填' },
  { value: 'optional', label: '非必填' },
  { value: 'show', label: '显示' },
  { value: 'hide', label: '隐藏' },
  { value: 'readonly', label: '只读' },
];
type Effect = 'required' | 'optional' | 'show' | 'hide' | 'readonly';
const effectOf = (r: FieldRule): Effect =>
  r.visible === false ? 'hide' : r.visible ? 'show' : r.readonly ? 'readonly' : r.required === false ? 'optional' : 'required';
const ruleOf = (when: FieldRule['when'], e: Effect): FieldRule =>
  ({
    required: { when, required: true },
    optional: { when, required: false },
    show: { when, visible: true },
    hide: { when, visible: false },
    readonly: { when, readonly: true },
  })[e];

/**
 * 系统管理 › 表单模板 (businesstag): the fill-in forms' fields — name, required, shown — and their form helpers
 * (when another field's value meets a condition, the field becomes required, optional, shown, hidden or
 * readonly). 保存 makes a new version; records keep the version they were filled with.
 */
export default function TemplateAdminPage() {
  const can = useCan();
  const client = useQueryClient();
  const list = useQuery({ queryKey: fillinKeys.adminTemplates, queryFn: ({ signal }) => fillinApi.adminTemplates(signal) });
  const [key, setKey] = useState<string>();
  const current = list.data?.find((t) => t.templateKey === key) ?? list.data?.[0];
  const [fields, setFields] = useState<FormField[]>([]);
  const [saving, setSaving] = useState(false);
  useEffect(() => setFields(current?.fields ?? []), [current]);
  const editable = can('fillin_template_edit');
  const change = (prop: string, next: Partial<FormField>) => setFields((fs) => fs.map((f) => (f.prop === prop ? { ...f, ...next } : f)));

  const save = async (t: TemplateView) => {
    setSaving(true);
    try {
      const { msg } = await fillinApi.saveTemplate({ templateKey: t.templateKey, name: t.name, fields, version: t.version });
      toast.success(msg);
      await client.invalidateQueries({ queryKey: fillinKeys.all });
    } catch (e) {
      tellUnhandled(e);
    } finally {
      setSaving(false);
    }
  };

  if (list.isError) return <LoadError onRetry={() => void list.refetch()} />;
  return (
    <Card
      title={<h2 style={{ margin: 0, fontSize: 16 }}>表单模板</h2>}
      loading={list.isPending}
      data-testid="template-admin"
      extra={
        current && (
          <Space>
            <Select
              aria-label="模板"
              style={{ width: 240 }}
              value={current.templateKey}
              onChange={setKey}
              options={(list.data ?? []).map((t) => ({ value: t.templateKey, label: t.name }))}
            />
            <Tag>当前版本 v{current.version}</Tag>
            {editable && (
              <Button type="primary" loading={saving} onClick={() => void save(current)} data-testid="template-save">
                保存为新版本
              </Button>
            )}
          </Space>
        )
      }
    >
      {!current ? (
        <Empty description="暂无模板" />
      ) : (
        <Table<FormField>
          rowKey="prop"
          size="small"
          pagination={false}
          dataSource={fields}
          columns={[
            { title: '字段编码', dataIndex: 'prop', width: 120 },
            {
              title: '字段名称',
              key: 'label',
              width: 180,
              render: (_v, f) => (
                <Input aria-label={`${f.prop} 字段名称`} value={f.label} disabled={!editable} onChange={(e) => change(f.prop, { label: e.target.value })} />
              ),
            },
            { title: '类型', dataIndex: 'type', width: 100, render: (t: FormField['type']) => FIELD_TYPE_LABELS[t] },
            {
              title: '必填',
              key: 'required',
              width: 60,
              render: (_v, f) => (
                <Checkbox
                  aria-label={`${f.label} 必填`}
                  checked={Boolean(f.required)}
                  disabled={!editable}
                  onChange={(e) => change(f.prop, { required: e.target.checked })}
                />
              ),
            },
            {
              title: '显示',
              key: 'visible',
              width: 60,
              render: (_v, f) => (
                <Checkbox
                  aria-label={`${f.label} 显示`}
                  checked={f.visible !== false}
                  disabled={!editable}
                  onChange={(e) => change(f.prop, { visible: e.target.checked })}
                />
              ),
            },
            {
              title: '条件(表单联动)',
              key: 'rules',
              render: (_v, f) => <RulesEditor field={f} fields={fields} editable={editable} onChange={(rules) => change(f.prop, { rules })} />,
            },
          ]}
        />
      )}
      <Typography.Paragraph type="secondary" style={{ marginTop: 12 }}>
        条件规则:当所选字段满足条件时,本字段按设置变为必填、非必填、显示、隐藏或只读;隐藏的字段不校验也不保存。保存后生成新版本,已填报的记录保留原版本。
      </Typography.Paragraph>
    </Card>
  );
}

function RulesEditor({
  field,
  fields,
  editable,
  onChange,
}: {
  field: FormField;
  fields: FormField[];
  editable: boolean;
  onChange: (rules: FieldRule[]) => void;
}) {
  const rules = field.rules ?? [];
  const others = fields.filter((f) => f.prop !== field.prop);
  const set = (i: number, next: FieldRule) => onChange(rules.map((r, j) => (j === i ? next : r)));
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      {rules.map((r, i) => {
        const c = r.when[0];
        const target = fields.find((f) => f.prop === c.field);
        const multi = c.op === 'in' || c.op === 'notIn';
        const needsValue = c.op !== 'empty' && c.op !== 'notEmpty';
        const value = Array.isArray(c.value) ? c.value : c.value ? [c.value] : [];
        const when = (next: Partial<typeof c>) => set(i, ruleOf([{ ...c, ...next }], effectOf(r)));
        return (
          <Space key={i} wrap data-testid={`rule-${field.prop}-${i}`}>
            <span>当</span>
            <Select
              aria-label="条件字段"
              style={{ width: 130 }}
              value={c.field}
              disabled={!editable}
              onChange={(v) => when({ field: v, value: undefined })}
              options={others.map((f) => ({ value: f.prop, label: f.label }))}
            />
            <Select
              aria-label="条件"
              style={{ width: 90 }}
              value={c.op}
              disabled={!editable}
              onChange={(op: ConditionOp) => when({ op, value: undefined })}
              options={CONDITION_OPS.map((o) => ({ value: o, label: CONDITION_OP_LABELS[o] }))}
            />
            {needsValue &&
              (target?.options ? (
                <Select
                  aria-label="条件值"
                  mode={multi ? 'multiple' : undefined}
                  style={{ width: 160 }}
                  value={multi ? value : value[0]}
                  disabled={!editable}
                  onChange={(v: string | string[]) => when({ value: v })}
                  options={target.options.map((o) => ({ value: o.value, label: o.label }))}
                />
              ) : (
                <Input
                  aria-label="条件值"
                  style={{ width: 140 }}
                  value={value.join(',')}
                  disabled={!editable}
                  onChange={(e) => when({ value: multi ? e.target.value.split(',') : e.target.value })}
                />
              ))}
            <span>时</span>
            <Select
              aria-label="效果"
              style={{ width: 90 }}
              value={effectOf(r)}
              disabled={!editable}
              onChange={(e: Effect) => set(i, ruleOf(r.when, e))}
              options={EFFECTS}
            />
            {editable && (
              <Button type="text" danger icon={<DeleteOutlined />} aria-label="删除条件" onClick={() => onChange(rules.filter((_r, j) => j !== i))} />
            )}
          </Space>
        );
      })}
      {editable && others.length > 0 && (
        <Button
          size="small"
          icon={<PlusOutlined />}
          onClick={() => onChange([...rules, ruleOf([{ field: others[0].prop, op: 'eq', value: undefined }], 'required')])}
          data-testid={`rule-add-${field.prop}`}
        >
          添加条件
        </Button>
      )}
    </Space>
  );
}
