import { Alert } from 'antd';
import { smsOutboxApi, type SmsOutboxView } from '../../../api/message/outbox';
import { CrudTable } from '../../../components/crud/CrudTable';
import { SMS_OUTBOX_COLUMNS, SMS_OUTBOX_SEARCH } from './columns';

/**
 * 短信发件箱 at /system/smsOutbox (menu code sms_outbox): every SMS the built-in provider kept instead
 * of sending (SMS_PROVIDER=outbox, the default), newest first, searchable by number, text and time.
 * Read only.
 */
export default function SmsOutboxPage() {
  return (
    <>
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 12 }}
        title="未配置短信网关时,系统发送的短信保存在这里,不会真正发到手机。配置 SMS_PROVIDER 后短信经短信网关发出。"
      />
      <CrudTable<SmsOutboxView, never>
        testId="sms-outbox"
        api={smsOutboxApi}
        columns={SMS_OUTBOX_COLUMNS}
        search={SMS_OUTBOX_SEARCH}
        dateRange={{ name: 'createTime', label: '发送时间' }}
        permissions={{}}
        selectable={false}
      />
    </>
  );
}
