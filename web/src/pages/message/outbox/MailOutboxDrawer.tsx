import { Alert, Button, Descriptions, Drawer, Space, Spin } from 'antd';
import { PaperClipOutlined } from '@ant-design/icons';
import { fileSizeText } from '../../../api/files';
import { tellUnhandled } from '../../../api/http';
import { useMailOutboxDetail } from '../../../api/message/outbox';
import { openAttach } from '../../../api/resource/attach';
import { attachmentPublicId, mailDocument } from './outboxLogic';

/**
 * 邮件详情: the headers, the attachments and the body. The body is rendered in a frame sandboxed with
 * no permissions at all (sandbox=""): no script runs, nothing is submitted, it cannot reach this page.
 */
export function MailOutboxDrawer({ id, open, onClose }: { id: string | undefined; open: boolean; onClose: () => void }) {
  const detail = useMailOutboxDetail(id);
  const mail = detail.data;
  return (
    <Drawer open={open && Boolean(id)} title="邮件详情" size={820} onClose={onClose} destroyOnHidden>
      <div data-testid="mail-outbox-detail">
        {!id ? null : detail.isPending ? (
          <div style={{ textAlign: 'center', padding: 48 }}>
            <Spin />
          </div>
        ) : detail.isError || !mail ? (
          <Alert type="error" showIcon title="邮件详情加载失败" />
        ) : (
          <Space orientation="vertical" size={16} style={{ width: '100%' }}>
            <Descriptions column={1} bordered size="small" styles={{ label: { width: 100 } }}>
              <Descriptions.Item label="主题">{mail.subject}</Descriptions.Item>
              <Descriptions.Item label="发件人">{mail.fromAddr}</Descriptions.Item>
              <Descriptions.Item label="收件人">{mail.toAddr}</Descriptions.Item>
              <Descriptions.Item label="发送时间">{mail.createTime ?? '-'}</Descriptions.Item>
              <Descriptions.Item label="发送机构">{mail.deptName || '平台'}</Descriptions.Item>
              <Descriptions.Item label="附件">
                {mail.attachments.length
                  ? mail.attachments.map((a, i) => {
                      const publicId = attachmentPublicId(a.link);
                      const label = `${a.name} (${fileSizeText(a.size)})`;
                      return publicId ? (
                        <Button
                          key={i}
                          type="link"
                          size="small"
                          icon={<PaperClipOutlined />}
                          onClick={() => openAttach(publicId).catch(tellUnhandled)}
                          data-testid="mail-outbox-attachment"
                        >
                          {label}
                        </Button>
                      ) : (
                        <div key={i} data-testid="mail-outbox-attachment">
                          <PaperClipOutlined /> {label}
                        </div>
                      );
                    })
                  : '无'}
              </Descriptions.Item>
            </Descriptions>
            <iframe
              title={`邮件正文:${mail.subject}`}
              sandbox=""
              srcDoc={mailDocument(mail.html)}
              style={{ width: '100%', height: 480, border: '1px solid #dcdfe6', borderRadius: 4, background: '#fff' }}
              data-testid="mail-outbox-body"
            />
          </Space>
        )}
      </div>
    </Drawer>
  );
}
