import { useState } from 'react';
import { Alert, Button, Modal, Progress, Space, Table, Typography, Upload } from 'antd';
import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import { MEMBER_KIND_LABELS, type MemberKind } from '@gsl/contract';
import { toast } from '../../../api/feedback';
import { downloadMemberTemplate, importMembers, type MemberImportAnswer } from '../../../api/member';
import { saveBlob, type Progress as Bytes } from '../../../api/system/user';
import { errorWorkbook, fileProblem } from '../../system/user/ImportDialog';
import { percentOf } from '../../system/user/userLogic';

/**
 * 导入 of member records (the user import's dialog, for members): 下载模板, choose the workbook,
 * 校验数据 (dry run: every row checked, nothing written), 开始导入 (the valid rows in one
 * transaction, each in the change history). Errors by row and column, downloadable as a workbook
 * (the user import's writer); the upload shows its progress.
 */
type Phase = 'idle' | 'checking' | 'importing';

/** What must not repeat an existing member, per kind (the server's unique keys). */
const UNIQUE_HINT: Record<MemberKind, string> = {
  enterprise: '统一社会信用代码不能与已有会员重复',
  group: '统一社会信用代码、对应组织不能与已有团体会员重复',
  person: '证件号码不能与已有个人会员重复,居民身份证可不填性别和出生日期',
};

export function MemberImportDialog({ kind, open, onClose, onImported }: { kind: MemberKind; open: boolean; onClose: () => void; onImported: () => void }) {
  const label = MEMBER_KIND_LABELS[kind];
  const [file, setFile] = useState<File | null>(null);
  const [phase, setPhase] = useState<Phase>('idle');
  const [progress, setProgress] = useState<Bytes | null>(null);
  const [answer, setAnswer] = useState<MemberImportAnswer | null>(null);
  const [template, setTemplate] = useState(false);

  const reset = () => {
    setFile(null);
    setPhase('idle');
    setProgress(null);
    setAnswer(null);
  };

  const run = async (dryRun: boolean) => {
    if (!file) {
      toast.warning('请选择要导入的文件');
      return;
    }
    setPhase(dryRun ? 'checking' : 'importing');
    setProgress({ loaded: 0, total: file.size });
    try {
      const { data } = await importMembers(kind, file, dryRun, setProgress);
      setAnswer(data);
      if (!dryRun) {
        onImported();
        if (data.imported) toast.success(`成功导入${data.imported}条数据`);
        else toast.warning('没有可导入的数据');
      } else if (!data.errors.length) toast.success(`校验通过，共${data.valid}条数据可导入`);
    } catch {
      /* told by the transport */
    } finally {
      setPhase('idle');
    }
  };

  const getTemplate = async () => {
    setTemplate(true);
    try {
      const { blob, name } = await downloadMemberTemplate(kind);
      saveBlob(blob, name);
    } catch {
      /* told by the transport */
    } finally {
      setTemplate(false);
    }
  };

  const busy = phase !== 'idle';
  const percent = progress ? percentOf(progress.loaded, progress.total) : undefined;
  const imported = answer && !answer.dryRun;

  return (
    <Modal
      open={open}
      title={`${label}导入`}
      width={720}
      onCancel={busy ? undefined : onClose}
      closable={!busy}
      mask={{ closable: false }}
      afterClose={reset}
      destroyOnHidden
      footer={[
        <Button key="close" onClick={onClose} disabled={busy} data-testid={`${kind}-import-close`}>
          {imported ? '完成' : '取消'}
        </Button>,
        <Button key="check" onClick={() => void run(true)} loading={phase === 'checking'} disabled={busy || !file || Boolean(imported)} data-testid={`${kind}-import-check`}>
          校验数据
        </Button>,
        <Button
          key="import"
          type="primary"
          onClick={() => void run(false)}
          loading={phase === 'importing'}
          disabled={busy || !file || Boolean(imported) || (answer?.dryRun === true && answer.valid === 0)}
          data-testid={`${kind}-import-submit`}
        >
          开始导入
        </Button>,
      ]}
    >
      <div data-testid={`${kind}-import-dialog`}>
        <Space direction="vertical" style={{ width: '100%' }} size="middle">
          <Alert
            type="info"
            showIcon
            title="请按模板填写后上传"
            description={`带 * 的列必须填写;所属组织填写组织名称或编号,不填为您所在的组织;${UNIQUE_HINT[kind]}。先“校验数据”查看问题,再“开始导入”校验通过的行。文件不超过5MB、10000行。`}
            action={
              <Button size="small" icon={<DownloadOutlined />} loading={template} onClick={() => void getTemplate()} data-testid={`${kind}-import-template`}>
                下载模板
              </Button>
            }
          />
          <Upload.Dragger
            accept=".xlsx"
            maxCount={1}
            disabled={busy}
            fileList={file ? [{ uid: '1', name: file.name, status: 'done' }] : []}
            beforeUpload={(chosen) => {
              const problem = fileProblem(chosen);
              if (problem) toast.error(problem);
              else {
                setFile(chosen);
                setAnswer(null);
                setProgress(null);
              }
              return Upload.LIST_IGNORE;
            }}
            onRemove={() => {
              setFile(null);
              setAnswer(null);
              setProgress(null);
            }}
          >
            <p className="ant-upload-drag-icon">
              <InboxOutlined />
            </p>
            <p className="ant-upload-text">将文件拖到此处，或点击选择文件</p>
            <p className="ant-upload-hint">仅支持 .xlsx 格式</p>
          </Upload.Dragger>
          {progress && busy && (
            <div data-testid={`${kind}-import-progress`}>
              <Typography.Text type="secondary">{phase === 'checking' ? '正在上传并校验…' : '正在上传并导入…'}</Typography.Text>
              <Progress percent={percent ?? 0} status="active" />
            </div>
          )}
          {answer && <ImportResult kind={kind} answer={answer} />}
        </Space>
      </div>
    </Modal>
  );
}

function ImportResult({ kind, answer }: { kind: MemberKind; answer: MemberImportAnswer }) {
  const bad = new Set(answer.errors.map((e) => e.row)).size;
  const summary = answer.dryRun
    ? `共${answer.total}条数据，校验通过${answer.valid}条，有误${bad}条${answer.valid ? '；点击“开始导入”导入校验通过的数据' : ''}`
    : `共${answer.total}条数据，成功导入${answer.imported}条，未导入${answer.total - answer.imported}条`;
  return (
    <div data-testid={`${kind}-import-result`}>
      <Alert type={answer.errors.length ? 'warning' : 'success'} showIcon title={summary} style={{ marginBottom: 12 }} />
      {answer.errors.length > 0 && (
        <>
          <Space style={{ marginBottom: 8 }}>
            <Button icon={<DownloadOutlined />} onClick={() => saveBlob(errorWorkbook(answer.errors), `${MEMBER_KIND_LABELS[kind]}导入错误报告.xlsx`)} data-testid={`${kind}-import-errors-download`}>
              下载错误报告
            </Button>
          </Space>
          <Table<MemberImportAnswer['errors'][number]>
            size="small"
            rowKey={(e) => `${e.row}-${e.column}-${e.message}`}
            dataSource={answer.errors}
            pagination={{ pageSize: 5, showSizeChanger: false, showTotal: (total) => `共 ${total} 条` }}
            data-testid={`${kind}-import-errors`}
            columns={[
              { key: 'row', dataIndex: 'row', title: '行号', width: 70, align: 'center' },
              { key: 'column', dataIndex: 'column', title: '列', width: 110 },
              { key: 'message', dataIndex: 'message', title: '错误信息' },
            ]}
          />
        </>
      )}
    </div>
  );
}
