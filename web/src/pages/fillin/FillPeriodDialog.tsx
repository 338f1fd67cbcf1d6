import { useState } from 'react';
import { Button, DatePicker, Form, Modal, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useQueryClient } from '@tanstack/react-query';
import { FILLIN_MSG, NO_SHOW_BOX, PERIOD_OPTIONS, type FillPeriodView } from '@gsl/contract';
import { fillinApi, fillinKeys } from '../../api/fillin';
import { toast } from '../../api/feedback';
import { tellUnhandled } from '../../api/http';
import { hrefOf } from '../../app/shell/links';
import { setStore } from '../../utils/storage';

interface PeriodForm {
  period?: number;
  finishDate?: Dayjs | null;
}

/** Months after this one cannot be the month a re-election finished. */
const future = (d: Dayjs) => d.isAfter(dayjs(), 'month');

/**
 * The fill-in dialog of specification §4 and §5: 届别 (第一届 … 第三十届) and 换届完成年月 (a month picker,
 * yyyy-MM), both required and checked on change (请选择届别, 请选择换届完成年月), 580px wide. Closing sets
 * NoShowBox in session storage and resets the form; a valid submit saves the period, marks it isonce,
 * closes, and opens /subapp/fill-in in a new tab.
 */
export function FillPeriodDialog({
  open,
  period,
  onClose,
  onSaved,
  openPage = true,
}: {
  open: boolean;
  period: FillPeriodView | null | undefined;
  onClose: () => void;
  onSaved: () => void;
  /** Open /subapp/fill-in in a new tab after saving (not when already on it). */
  openPage?: boolean;
}) {
  const [form] = Form.useForm<PeriodForm>();
  const [saving, setSaving] = useState(false);
  const client = useQueryClient();

  const close = () => {
    setStore(NO_SHOW_BOX, true, 'session');
    form.resetFields();
    onClose();
  };

  const submit = async () => {
    let values: PeriodForm;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setSaving(true);
    try {
      const { msg, data } = await fillinApi.savePeriod({
        id: period?.id,
        version: period?.version,
        period: values.period!,
        finishDate: values.finishDate!.format('YYYY-MM'),
      });
      client.setQueryData(fillinKeys.period(), data);
      toast.success(msg);
      form.resetFields();
      onSaved();
      void client.invalidateQueries({ queryKey: fillinKeys.all });
      if (openPage) window.open(hrefOf('/subapp/fill-in'), '_blank');
    } catch (e) {
      tellUnhandled(e);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title="填报届别信息"
      width={580}
      onCancel={close}
      destroyOnHidden
      afterOpenChange={(shown) => {
        if (shown && period) form.setFieldsValue({ period: period.period, finishDate: dayjs(`${period.finishDate}-01`) });
      }}
      footer={[
        <Button key="cancel" onClick={close} data-testid="fill-period-cancel">
          取消
        </Button>,
        <Button key="ok" type="primary" loading={saving} onClick={() => void submit()} data-testid="fill-period-submit">
          确定
        </Button>,
      ]}
    >
      <Form form={form} layout="horizontal" labelCol={{ span: 7 }} wrapperCol={{ span: 15 }} data-testid="fill-period-form">
        <Form.Item name="period" label="届别" htmlFor="fill-period" rules={[{ required: true, message: FILLIN_MSG.periodRequired }]} validateTrigger="onChange">
          <Select id="fill-period" aria-label="届别" placeholder="请选择届别" options={PERIOD_OPTIONS} data-testid="fill-period-select" />
        </Form.Item>
        <Form.Item
          name="finishDate"
          label="换届完成年月"
          htmlFor="fill-finish"
          rules={[{ required: true, message: FILLIN_MSG.finishDateRequired }]}
          validateTrigger="onChange"
        >
          <DatePicker
            id="fill-finish"
            aria-label="换届完成年月"
            picker="month"
            format="YYYY-MM"
            disabledDate={future}
            placeholder="请选择换届完成年月"
            style={{ width: '100%' }}
            data-testid="fill-period-month"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
