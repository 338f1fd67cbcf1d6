import { useState } from 'react';
import { Alert, Button } from 'antd';
import { mailOutboxApi, type MailOutboxView } from '../../../api/message/outbox';
import { CrudTable } from '../../../components/crud/CrudTable';
import { MAIL_OUTBOX_COLUMNS, MAIL_OUTBOX_SEARCH } from './columns';
import { MailOutboxDrawer } from './MailOutboxDrawer';

/**
 * 邮件发件箱 at /system/mailOutbox (menu code mail_outbox): every e-mail the built-in provider kept
 * instead of sending (no SMTP_URL), newest first, searchable by recipient, subject and time; 详情 shows
 * the body as it would have arrived. Read only.
 */
export default function MailOutboxPage() {
  // The mail shown in 详情; kept while the drawer closes.
  const [detail, setDetail] = useState<{ open: boolean; id?: string }>({ open: false });
  return (
    <>
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 12 }}
        title="未配置邮件服务器时,系统发送的邮件保存在这里,不会真正发出。配置 SMTP_URL 后邮件经邮件服务器发出。"
      />
      <CrudTable<MailOutboxView, never>
        testId="mail-outbox"
        api={mailOutboxApi}
        columns={MAIL_OUTBOX_COLUMNS}
        search={MAIL_OUTBOX_SEARCH}
        dateRange={{ name: 'createTime', label: '发送时间' }}
        permissions={{}}
        selectable={false}
        rowActionLabels={['详情']}
        rowActions={(row) => (
          <Button
            type="link"
            size="small"
            aria-label={`查看邮件 ${row.subject}`}
            onClick={() => setDetail({ open: true, id: row.id })}
            data-testid="mail-outbox-row-detail"
          >
            详情
          </Button>
        )}
      />
      <MailOutboxDrawer id={detail.id} open={detail.open} onClose={() => setDetail((d) => ({ ...d, open: false }))} />
    </>
  );
}
