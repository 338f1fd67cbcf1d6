import { App, DatePicker, Form, Input, Modal } from 'antd';
import type { Dayjs } from 'dayjs';
import { NEWS_CONTENT_MAX, NEWS_MSG, NEWS_SUMMARY_MAX, NEWS_TITLE_MAX } from '@gsl/contract';
import { useState } from 'react';
import { submitNews } from '../../../api/news/news';

interface Values {
  title: string;
  content: string;
  summary?: string;
  link?: string;
  sourceName?: string;
  infoTime?: Dayjs;
}

/** 手工录入: an item staff found elsewhere (a paper, a WeChat article), tagged by the server like a collected one. */
export function ManualEntryDialog({ open, onClose, onSaved }: { open: boolean; onClose: () => void; onSaved: () => void }) {
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const { message } = App.useApp();
  const save = async () => {
    let v: Values;
    try {
      v = await form.validateFields();
    } catch {
      return; // the form shows what is missing
    }
    setSaving(true);
    try {
      const { msg } = await submitNews({
        title: v.title,
        content: v.content,
        summary: v.summary || null,
        link: v.link || null,
        sourceName: v.sourceName || null,
        infoTime: v.infoTime ? v.infoTime.format('YYYY-MM-DD HH:mm:ss') : null,
      });
      message.success(msg);
      form.resetFields();
      onSaved();
    } catch {
      /* the client showed the server's message */
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open={open}
      title="手工录入资讯"
      width={720}
      okText="保存"
      confirmLoading={saving}
      onOk={() => void save()}
      onCancel={onClose}
      destroyOnHidden
      data-testid="news-manual-dialog"
    >
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item name="title" label="标题" rules={[{ required: true, whitespace: true, message: NEWS_MSG.titleRequired }]}>
          <Input maxLength={NEWS_TITLE_MAX} showCount placeholder="请输入标题" />
        </Form.Item>
        <Form.Item name="sourceName" label="来源">
          <Input maxLength={50} placeholder="如 新华日报、江苏工商联微信公众号" />
        </Form.Item>
        <Form.Item name="infoTime" label="发布时间">
          <DatePicker showTime format="YYYY-MM-DD HH:mm:ss" style={{ width: '100%' }} placeholder="默认为录入时间" />
        </Form.Item>
        <Form.Item name="link" label="原文链接" rules={[{ pattern: /^https?:\/\/\S+$/i, message: NEWS_MSG.linkBad }]}>
          <Input maxLength={500} placeholder="https://" />
        </Form.Item>
        <Form.Item name="summary" label="摘要">
          <Input.TextArea maxLength={NEWS_SUMMARY_MAX} autoSize={{ minRows: 2, maxRows: 4 }} />
        </Form.Item>
        <Form.Item name="content" label="正文" rules={[{ required: true, whitespace: true, message: NEWS_MSG.contentRequired }]}>
          <Input.TextArea maxLength={NEWS_CONTENT_MAX} autoSize={{ minRows: 6, maxRows: 14 }} placeholder="请输入正文" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
