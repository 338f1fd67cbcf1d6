import { useEffect, useState } from 'react';
import { Alert, Badge, Button, Card, Form, Skeleton } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { fillinApi, fillinKeys, useMenuTemplate } from '../../api/fillin';
import { toast } from '../../api/feedback';
import { tellUnhandled } from '../../api/http';
import { useCan } from '../../components/Access';
import { LoadError } from '../../components/LoadError';
import { useSession } from '../../utils/useSession';
import { BrowserGate } from './BrowserGate';
import { TemplateForm, shownValues, type FormValuesIn } from './TemplateForm';
import './fillin.css';

/**
 * /subapp/fill-in-aoc (specification §2, §4): this year's association supplement on its template, with the
 * filled badge; submitted it is read-only until the federation returns it (the reason is shown).
 */
export default function SupplementPage() {
  return (
    <BrowserGate>
      <Supplement />
    </BrowserGate>
  );
}

function Supplement() {
  const can = useCan();
  const client = useQueryClient();
  const { user } = useSession();
  const deptId = String((user as { dept_id?: string } | undefined)?.dept_id ?? '');
  const template = useMenuTemplate('fillin_supplement', deptId);
  const detail = useQuery({ queryKey: fillinKeys.supplement(), queryFn: ({ signal }) => fillinApi.supplement(undefined, signal).then((r) => r ?? null) });
  const [form] = Form.useForm<FormValuesIn>();
  const [saving, setSaving] = useState(false);
  const row = detail.data;
  const filled = row?.status === 1;
  const ready = Boolean(template.data) && !detail.isPending;
  useEffect(() => {
    if (ready) form.resetFields();
  }, [row, form, ready]);

  const submit = async () => {
    if (!template.data) return;
    try {
      await form.validateFields();
    } catch {
      return;
    }
    setSaving(true);
    try {
      const values = shownValues(template.data.fields, form.getFieldsValue(true));
      const { msg } = await fillinApi.saveSupplement(row ? { ...values, id: row.id, version: row.version, year: row.year } : values);
      toast.success(msg);
      void client.invalidateQueries({ queryKey: fillinKeys.all });
    } catch (e) {
      tellUnhandled(e);
    } finally {
      setSaving(false);
    }
  };

  if (detail.isError || template.isError) return <LoadError onRetry={() => void Promise.all([detail.refetch(), template.refetch()])} />;
  return (
    <main className="fillin-page" data-testid="supplement-page">
      <div className="fillin-page__inner">
        <h1>
          <Badge dot={!filled} offset={[8, 0]}>
            商会补充信息
          </Badge>
        </h1>
        <Card
          extra={
            can('fillin_supplement_submit') && (
              <Button type="primary" onClick={() => void submit()} loading={saving} disabled={filled || !template.data} data-testid="supplement-submit">
                提交
              </Button>
            )
          }
          title={row ? `${row.year}年度 · ${filled ? '已提交' : '已退回'}` : `${new Date().getFullYear()}年度 · 未填报`}
        >
          {row?.status === 2 && (
            <Alert type="warning" showIcon title={`工商联已退回:${row.returnComment ?? ''}`} style={{ marginBottom: 16 }} data-testid="supplement-returned" />
          )}
          {filled && <Alert type="success" showIcon title={`已于 ${row.submitTime} 提交,退回前不能修改`} style={{ marginBottom: 16 }} />}
          {detail.isPending || template.isPending ? (
            <Skeleton active />
          ) : (
            template.data && (
              <TemplateForm
                form={form}
                fields={template.data.fields}
                initialValues={row?.data ?? {}}
                readOnly={filled || !can('fillin_supplement_submit')}
                testId="supplement"
              />
            )
          )}
        </Card>
      </div>
    </main>
  );
}
