import { DatePicker, Input, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { NOTE_MAX_LENGTH, notepadSubmit } from '@gsl/contract';
import { notepadApi, type NotepadSubmit, type NotepadView } from '../../../../api/myday/myday';
import { CrudTable } from '../../../../components/crud/CrudTable';
import { schemaField } from '../../../../components/crud/formFields';
import type { CrudFormField } from '../../../../components/crud/types';
import { dayOf } from '../myDayLogic';
import { noteBody, noteFormValues, REMIND_FORMAT } from './notepadLogic';

const shape = notepadSubmit.shape;

const columns = (today: string): ColumnsType<NotepadView> => [
  { key: 'content', dataIndex: 'content', title: '记事内容', width: 420, minWidth: 220 },
  {
    key: 'remindDate',
    dataIndex: 'remindDate',
    title: '提醒日期',
    width: 150,
    render: (v: string | null) =>
      v ? (
        <>
          {v}
          {v === today && (
            <Tag color="blue" style={{ marginInlineStart: 8 }}>
              今天
            </Tag>
          )}
        </>
      ) : (
        '-'
      ),
  },
  { key: 'createTime', dataIndex: 'createTime', title: '创建时间', width: 170 },
  { key: 'updateTime', dataIndex: 'updateTime', title: '更新时间', width: 170 },
];

/** The note form (contract notepadSubmit): 记事内容 required (请输入记事内容), 提醒日期 optional. */
const FIELDS: CrudFormField[] = [
  schemaField('content', '记事内容', shape.content, {
    required: true,
    input: (
      <Input.TextArea placeholder="请输入记事内容" autoSize={{ minRows: 3, maxRows: 10 }} maxLength={NOTE_MAX_LENGTH} showCount data-testid="notepad-content" />
    ),
  }),
  {
    name: 'remindDate',
    label: '提醒日期',
    validateTrigger: ['onChange', 'onBlur'],
    input: <DatePicker format={REMIND_FORMAT} placeholder="不提醒可不填" style={{ width: '100%' }} data-testid="notepad-remind" />,
  },
];

/** Every signed-in user keeps their own notes (the server's notepad routes are 'authenticated'). */
const EVERYONE = { add: true, edit: true, delete: true, view: true } as const;

/**
 * 记事本 (specification §2 /portal/myDay/notepadList, §7 "My day" Notepad): the user's own notes, newest
 * first; search by content and reminder day, 新增 / 编辑 in a dialog (请输入记事内容), 删除 one or the
 * selected (确定将选择数据删除?, 请选择至少一条数据).
 */
export default function NotepadListPage() {
  const today = dayOf(new Date());
  return (
    <CrudTable<NotepadView, NotepadSubmit>
      testId="notepad"
      api={notepadApi}
      columns={columns(today)}
      fields={FIELDS}
      search={[
        { name: 'content', label: '记事内容' },
        { name: 'remindDate', label: '提醒日期', input: <Input type="date" aria-label="提醒日期" data-testid="notepad-search-remindDate" /> },
      ]}
      permissions={EVERYONE}
      toFormValues={noteFormValues}
      fromFormValues={noteBody}
      addValues={() => ({})}
    />
  );
}
