import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Descriptions, Form, Input, InputNumber, Progress, Space, Spin, TreeSelect, Typography } from 'antd';
import { SaveOutlined } from '@ant-design/icons';
import { MSG, sourceSubmit as sourceSchema } from '@gsl/contract';
import { toast } from '../../../api/feedback';
import { tellUnhandled } from '../../../api/http';
import { messageKeys, sourceDetail, sourceSubmit, type SourceBody, type SourceView } from '../../../api/message/message';
import { useDeptTree } from '../../../api/system/dept';
import { useCan } from '../../../components/Access';
import { LoadError } from '../../../components/LoadError';
import { schemaRule } from '../../../components/crud/schemaRule';
import { quietPairProblem, quotaUse, sourceBody, sourceFormValues, type SourceFormValues } from './sourceLogic';
import './source.css';

const shape = sourceSchema.shape;

/** Today's use of the org's SMS quota, in words and as a bar. */
function Usage({ source }: { source: SourceView }) {
  const use = quotaUse(source);
  return (
    <Descriptions
      bordered
      size="small"
      column={2}
      data-testid="sms-source-usage"
      items={[
        { key: 'dept', label: '机构', span: 2, children: source.deptName ?? '-' },
        { key: 'sign', label: '短信签名', children: source.signName ? `【${source.signName}】` : '未设置' },
        { key: 'quiet', label: '免打扰时段', children: source.quietStart && source.quietEnd ? `${source.quietStart} 至 次日${source.quietEnd}` : '不设免打扰' },
        { key: 'quota', label: '每日额度', children: `${source.dailyQuota} 条${source.configured ? '' : '(默认)'}` },
        { key: 'used', label: '今日已用', children: `${source.usedToday} 条,剩余 ${source.remainingToday} 条` },
        {
          key: 'bar',
          label: '今日用量',
          span: 2,
          children: (
            <Progress
              percent={use.percent}
              status={use.status}
              format={() => use.text}
              aria-label={`今日短信用量:${use.text}`}
              data-testid="sms-source-progress"
            />
          ),
        },
      ]}
    />
  );
}

/** The settings form of one org: signature, daily quota and quiet hours, saved behind sms_source_edit. */
function SourceForm({ source }: { source: SourceView }) {
  const can = useCan();
  const client = useQueryClient();
  const [form] = Form.useForm<SourceFormValues>();
  const [saving, setSaving] = useState(false);
  const editable = can('sms_source_edit');
  useEffect(() => form.setFieldsValue(sourceFormValues(source)), [form, source]);

  const save = async (values: SourceFormValues) => {
    setSaving(true);
    try {
      const body: SourceBody = sourceBody(source.deptId, values);
      const { data, msg } = await sourceSubmit(body);
      toast.success(msg || MSG.updated);
      if (data) client.setQueryData(messageKeys.source(source.deptId), data);
      void client.invalidateQueries({ queryKey: messageKeys.sender });
    } catch (error) {
      tellUnhandled(error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form<SourceFormValues>
      form={form}
      layout="horizontal"
      labelCol={{ flex: '120px' }}
      disabled={!editable}
      onFinish={(v) => void save(v)}
      initialValues={sourceFormValues(source)}
      className="sms-source__form"
      data-testid="sms-source-form"
    >
      <Form.Item name="signName" label="短信签名" rules={[schemaRule(shape.signName)]} extra="显示在短信开头的【】中,如“南京工商联”;留空则使用系统默认签名。">
        <Input maxLength={20} showCount placeholder="请输入短信签名" />
      </Form.Item>
      <Form.Item name="dailyQuota" label="每日额度" required rules={[schemaRule(shape.dailyQuota)]} extra="本机构每天最多发送的短信条数(按计费条数计)。">
        <InputNumber min={0} max={1_000_000} precision={0} style={{ width: 200 }} suffix="条" />
      </Form.Item>
      <Form.Item label="免打扰时段" extra="此时段内发送的短信将排队,到结束时间再发出(紧急发送除外);两项都留空则不设免打扰。">
        <Space>
          <Form.Item name="quietStart" noStyle rules={[schemaRule(shape.quietStart)]}>
            <Input placeholder="21:00" aria-label="免打扰开始时间" style={{ width: 100 }} />
          </Form.Item>
          <span>至</span>
          <Form.Item
            name="quietEnd"
            noStyle
            dependencies={['quietStart']}
            rules={[
              schemaRule(shape.quietEnd),
              ({ getFieldValue }) => ({
                validator: async (_rule, value?: string) => {
                  const problem = quietPairProblem(getFieldValue('quietStart') as string | undefined, value);
                  if (problem) throw new Error(problem);
                },
              }),
            ]}
          >
            <Input placeholder="08:00" aria-label="免打扰结束时间" style={{ width: 100 }} />
          </Form.Item>
        </Space>
      </Form.Item>
      {editable && (
        <Form.Item label=" " colon={false}>
          <Button type="primary" htmlType="submit" icon={<SaveOutlined />} loading={saving} data-testid="sms-source-save">
            保存
          </Button>
        </Form.Item>
      )}
    </Form>
  );
}

/**
 * 短信签名与额度 at /system/smsSource (menu sms_source, button sms_source_edit; specification §7
 * sms-center/source/detail): an org of the administrator's scope, its SMS signature, daily quota with
 * today's use, and quiet hours, saved with sms-center/source/submit.
 */
export default function SmsSourcePage() {
  const depts = useDeptTree();
  const [deptId, setDeptId] = useState<string | undefined>();
  // Without a chosen org the server answers the administrator's own.
  const source = useQuery({ queryKey: messageKeys.source(deptId ?? ''), queryFn: ({ signal }) => sourceDetail({ deptId }, signal) });
  const shown = deptId ?? source.data?.deptId;
  return (
    <Card title="短信签名与额度" className="sms-source" data-testid="sms-source">
      <div className="sms-source__org">
        <label htmlFor="sms-source-dept">机构</label>
        <TreeSelect
          id="sms-source-dept"
          showSearch={{ treeNodeFilterProp: 'title' }}
          treeData={depts.data ?? []}
          loading={depts.isFetching}
          value={shown}
          onChange={(v: string) => setDeptId(v || undefined)}
          placeholder="请选择机构"
          aria-label="机构"
          style={{ width: 360 }}
          treeDefaultExpandAll
          data-testid="sms-source-dept"
        />
      </div>
      {source.isPending ? (
        <Spin />
      ) : source.isError ? (
        <LoadError onRetry={source.refetch} />
      ) : (
        <>
          <Usage source={source.data} />
          <Typography.Title level={5} className="sms-source__heading">
            设置
          </Typography.Title>
          <SourceForm key={source.data.deptId} source={source.data} />
        </>
      )}
    </Card>
  );
}
