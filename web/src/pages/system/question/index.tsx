import { Input, InputNumber } from 'antd';
import { ANSWER_MAX, QUESTION_MAX, questionSubmit } from '@gsl/contract';
import { questionApi, type QuestionSubmit, type QuestionView } from '../../../api/support/support';
import { CrudTable } from '../../../components/crud/CrudTable';
import { schemaField } from '../../../components/crud/formFields';
import type { CrudFormField } from '../../../components/crud/types';

const shape = questionSubmit.shape;

const FIELDS: CrudFormField[] = [
  schemaField('question', '问题', shape.question, { required: true, maxLength: QUESTION_MAX }),
  schemaField('answer', '解答', shape.answer, {
    required: true,
    input: <Input.TextArea placeholder="请输入解答" autoSize={{ minRows: 4, maxRows: 12 }} maxLength={ANSWER_MAX} showCount />,
  }),
  schemaField('category', '分类', shape.category, { maxLength: 50, placeholder: '如 登录、年报、会员' }),
  schemaField('sort', '排序', shape.sort, { input: <InputNumber min={0} max={9999} precision={0} placeholder="越小越靠前" style={{ width: '100%' }} /> }),
];

/** 常见问题管理 at /system/question: the questions every user reads in 客服中心. */
export default function QuestionAdminPage() {
  return (
    <CrudTable<QuestionView, QuestionSubmit>
      testId="question"
      api={questionApi}
      columns={[
        { key: 'question', dataIndex: 'question', title: '问题', width: 280, minWidth: 180 },
        { key: 'category', dataIndex: 'category', title: '分类', width: 100 },
        { key: 'answer', dataIndex: 'answer', title: '解答', width: 400, minWidth: 200 },
        { key: 'sort', dataIndex: 'sort', title: '排序', width: 80, align: 'center' },
        { key: 'updateTime', dataIndex: 'updateTime', title: '更新时间', width: 170 },
      ]}
      fields={FIELDS}
      search={[{ name: 'keyword', label: '关键字' }]}
      permissions={{ add: 'support_question_edit', edit: 'support_question_edit', delete: 'support_question_delete', view: 'support_question' }}
      addValues={() => ({ sort: 0 })}
      fromFormValues={(v, row) => ({ ...v, category: v.category || null, ...(row ? { id: row.id, version: row.version } : {}) })}
    />
  );
}
