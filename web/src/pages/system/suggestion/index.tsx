import { useState } from 'react';
import { Button, Tag } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { SUGGESTION_STATUS_NAMES } from '@gsl/contract';
import { suggestionAdminApi, supportKeys, type SuggestionView } from '../../../api/support/support';
import { usePermissions } from '../../../api/system/menu';
import { CrudTable } from '../../../components/crud/CrudTable';
import { codeOptions } from '../../../components/crud/crudLogic';
import { AttachLink } from './AttachLink';
import { ReplyDialog } from './ReplyDialog';

/** 意见建议 at /system/suggestion: what users sent, newest first, and the reply (once) that reaches the sender. */
export default function SuggestionAdminPage() {
  const canReply = Boolean(usePermissions().data?.support_suggestion_reply);
  const queryClient = useQueryClient();
  const [replying, setReplying] = useState<SuggestionView | null>(null);
  return (
    <>
      <CrudTable<SuggestionView, never>
        testId="suggestion"
        api={suggestionAdminApi}
        columns={[
          { key: 'content', dataIndex: 'content', title: '内容', width: 360, minWidth: 200 },
          { key: 'userName', dataIndex: 'userName', title: '提交人', width: 110 },
          { key: 'deptName', dataIndex: 'deptName', title: '所属机构', width: 160 },
          { key: 'contactInformation', dataIndex: 'contactInformation', title: '联系方式', width: 140 },
          {
            key: 'attach',
            dataIndex: 'attachName',
            title: '附件',
            width: 140,
            render: (name: string | null, row) => (row.attachLink ? <AttachLink link={row.attachLink} name={name ?? '附件'} /> : '-'),
          },
          { key: 'createTime', dataIndex: 'createTime', title: '提交时间', width: 170 },
          {
            key: 'status',
            dataIndex: 'statusName',
            title: '状态',
            width: 90,
            align: 'center',
            render: (name: string, row) => <Tag color={row.status === 1 ? 'success' : 'processing'}>{name}</Tag>,
          },
          {
            key: 'reply',
            dataIndex: 'reply',
            title: '回复',
            width: 240,
            minWidth: 140,
            render: (v: string | null, row) => (v ? `${v}(${row.replyUserName ?? ''} ${row.replyTime ?? ''})` : '-'),
          },
        ]}
        search={[
          { name: 'keyword', label: '内容' },
          { name: 'status', label: '状态', options: codeOptions(SUGGESTION_STATUS_NAMES), width: 140 },
        ]}
        permissions={{}}
        rowActionLabels={['回复']}
        rowActions={(row) =>
          canReply && row.status === 0 ? (
            <Button type="link" size="small" onClick={() => setReplying(row)} data-testid={`suggestion-reply-${row.id}`}>
              回复
            </Button>
          ) : null
        }
      />
      {replying && (
        <ReplyDialog
          row={replying}
          onClose={() => setReplying(null)}
          onReplied={() => void queryClient.invalidateQueries({ queryKey: supportKeys.suggestions })}
        />
      )}
    </>
  );
}
