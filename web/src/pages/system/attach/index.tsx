import { Button, Input } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { ATTACH_CATEGORIES, type AttachView } from '@gsl/contract';
import { fileSizeText } from '../../../api/files';
import { attachApi, openAttach } from '../../../api/resource/attach';
import { tellUnhandled } from '../../../api/http';
import { CrudTable } from '../../../components/crud/CrudTable';
import type { CrudFormField } from '../../../components/crud/types';
import { ATTACH_COLUMNS } from './columns';

const CATEGORY_OPTIONS = Object.entries(ATTACH_CATEGORIES).map(([value, label]) => ({ value, label }));

/** The 查看 dialog: what was uploaded, by whom, from which org. */
const VIEW_FIELDS: CrudFormField[] = [
  { name: 'originalName', label: '文件名', input: <Input readOnly /> },
  { name: 'extension', label: '类型', input: <Input readOnly /> },
  { name: 'size', label: '大小', input: <Input readOnly /> },
  { name: 'categoryName', label: '类别', input: <Input readOnly /> },
  { name: 'createUserName', label: '上传人', input: <Input readOnly /> },
  { name: 'createDeptName', label: '上传机构', input: <Input readOnly /> },
  { name: 'createTime', label: '上传时间', input: <Input readOnly /> },
];

/**
 * 附件管理 at /system/attach: the files uploaded by the orgs inside the administrator's data scope, to
 * see, download and remove. Files are added where they are used (photos, logos, attachments), never
 * here; a removed file's links stop working, and its bytes go once no other record points at them.
 */
export default function AttachPage() {
  return (
    <CrudTable<AttachView, never>
      testId="attach"
      api={attachApi}
      columns={ATTACH_COLUMNS}
      fields={VIEW_FIELDS}
      search={[
        { name: 'originalName', label: '文件名' },
        { name: 'category', label: '类别', options: CATEGORY_OPTIONS },
      ]}
      dateRange={{ name: 'createTime', label: '上传时间' }}
      permissions={{ delete: 'attach_delete', view: 'attach_view' }}
      toFormValues={(row) => ({ ...row, size: fileSizeText(row.attachSize) })}
      rowActions={(row) => (
        <Button
          type="link"
          size="small"
          icon={<DownloadOutlined />}
          aria-label={`下载 ${row.originalName}`}
          data-testid={`attach-download-${row.id}`}
          onClick={() => openAttach(row.publicId).catch(tellUnhandled)}
        >
          下载
        </Button>
      )}
    />
  );
}
