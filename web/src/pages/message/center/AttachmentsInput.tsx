import { useState } from 'react';
import { Button, Space, Upload } from 'antd';
import { DeleteOutlined, PaperClipOutlined, UploadOutlined } from '@ant-design/icons';
import { MESSAGE_MSG } from '@gsl/contract';
import { toast } from '../../../api/feedback';
import { tellUnhandled } from '../../../api/http';
import { uploadAttach } from '../../../api/profile';
import { publicIdOf } from './centerLogic';

export interface ComposeAttachment {
  publicId: string;
  name: string;
}

/** At most ten files per notice or e-mail (contract sendForm.attachIds). */
export const MAX_ATTACHMENTS = 10;

/**
 * The attachments of a notice or an e-mail: each file goes up through put-file-attach at once, and the
 * form keeps its public id (what the send's attachIds take) and its name.
 */
export function AttachmentsInput({ value = [], onChange, id }: { value?: ComposeAttachment[]; onChange?: (v: ComposeAttachment[]) => void; id?: string }) {
  const [busy, setBusy] = useState(0);
  return (
    <div id={id} className="msg-attach" data-testid="msg-attach">
      <Upload
        multiple
        showUploadList={false}
        customRequest={({ file }) => {
          if (value.length + busy >= MAX_ATTACHMENTS) {
            toast.warning(MESSAGE_MSG.attachTooMany);
            return;
          }
          setBusy((n) => n + 1);
          uploadAttach(file as File)
            .then((a) => {
              const publicId = publicIdOf(a.link);
              if (publicId) onChange?.([...value, { publicId, name: a.originalName }]);
            }, tellUnhandled)
            .finally(() => setBusy((n) => n - 1));
        }}
      >
        <Button icon={<UploadOutlined />} loading={busy > 0}>
          上传附件
        </Button>
      </Upload>
      {value.length > 0 && (
        <ul className="msg-attach__list">
          {value.map((a) => (
            <li key={a.publicId}>
              <Space>
                <PaperClipOutlined aria-hidden />
                <span>{a.name}</span>
                <Button
                  type="link"
                  size="small"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={`移除附件 ${a.name}`}
                  onClick={() => onChange?.(value.filter((x) => x.publicId !== a.publicId))}
                >
                  移除
                </Button>
              </Space>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
