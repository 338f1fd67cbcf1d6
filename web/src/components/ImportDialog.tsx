import { useState } from 'react';
import { Alert, Button, Modal, Progress, Space, Table, Typography, Upload } from 'antd';
import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import { toast } from '../api/feedback';
import { saveBlob, type Progress as Bytes } from '../api/files';
import { buildWorkbook, XLSX_TYPE } from './xlsx';

/** One refused cell of an import (the server's answer). */
export interface ImportError {
  row: number;
  column: string;
  message: string;
}

/** What an import (or its dry run) answers: counts and the refused cells. */
export interface ImportAnswer {
  total: number;
  imported: number;
  /** Rows that passed every check (what a real import would insert). */
  valid: number;
  dryRun: boolean;
  errors: ImportError[];
}

/** Percent of an upload, when its size is known. */
export const percentOf = (loaded: number, total?: number) => (total ? Math.min(100, Math.round((loaded / total) * 100)) : undefined);

const MAX_BYTES = 5 * 1024 * 1024;

/** The import's error report as an .xlsx: 行号, 列, 错误信息. */
export function errorWorkbook(errors: ImportError[]): Blob {
  const rows: Array<Array<string | number>> = [['行号', '列', '错误信息'], ...errors.map((e) => [e.row, e.column, e.message])];
  return new Blob([buildWorkbook('错误报告', rows, [8, 14, 60]) as BlobPart], { type: XLSX_TYPE });
}

/** Whether a chosen file may be sent: .xlsx, at most 5 MB (the server's limits); the message otherwise. */
export function fileProblem(file: { name: string; size: number }): string | null {
  if (!/\.xlsx$/i.test(file.name)) return '请上传 .xlsx 格式的 Excel 文件';
  if (file.size > MAX_BYTES) return '文件不能超过5MB';
  return null;
}

type Phase = 'idle' | 'checking' | 'importing';

/**
 * 导入 (users, members): 下载模板, choose the filled-in workbook, 校验数据 (dry run: every row is checked,
 * nothing is written), then 开始导入 (the valid rows go in together). Errors are listed by row and column
 * and can be downloaded as a workbook; the upload shows its progress. Test ids: `${testId}-import-*`.
 */
export function ImportDialog({
  open,
  onClose,
  onImported,
  title,
  description,
  testId,
  template: downloadTemplate,
  upload,
  errorsFileName,
}: {
  open: boolean;
  onClose: () => void;
  onImported: () => void;
  title: string;
  /** What the template asks for (required columns, limits), shown above the upload. */
  description: string;
  testId: string;
  template: () => Promise<{ blob: Blob; name: string }>;
  upload: (file: File, dryRun: boolean, onProgress: (p: Bytes) => void) => Promise<{ data: ImportAnswer }>;
  errorsFileName: string;
}) {
  const [file, setFile] = useState<File | null>(null);
  const [phase, setPhase] = useState<Phase>('idle');
  const [progress, setProgress] = useState<Bytes | null>(null);
  const [answer, setAnswer] = useState<ImportAnswer | null>(null);
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
      const { data } = await upload(file, dryRun, setProgress);
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
      const { blob, name } = await downloadTemplate();
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
      title={title}
      width={720}
      onCancel={busy ? undefined : onClose}
      closable={!busy}
      mask={{ closable: false }}
      afterClose={reset}
      destroyOnHidden
      footer={[
        <Button key="close" onClick={onClose} disabled={busy} data-testid={`${testId}-import-close`}>
          {imported ? '完成' : '取消'}
        </Button>,
        <Button
          key="check"
          onClick={() => void run(true)}
          loading={phase === 'checking'}
          disabled={busy || !file || Boolean(imported)}
          data-testid={`${testId}-import-check`}
        >
          校验数据
        </Button>,
        <Button
          key="import"
          type="primary"
          onClick={() => void run(false)}
          loading={phase === 'importing'}
          disabled={busy || !file || Boolean(imported) || (answer?.dryRun === true && answer.valid === 0)}
          data-testid={`${testId}-import-submit`}
        >
          开始导入
        </Button>,
      ]}
    >
      <div data-testid={`${testId}-import-dialog`}>
        <Space orientation="vertical" style={{ width: '100%' }} size="middle">
          <Alert
            type="info"
            showIcon
            title="请按模板填写后上传"
            description={description}
            action={
              <Button size="small" icon={<DownloadOutlined />} loading={template} onClick={() => void getTemplate()} data-testid={`${testId}-import-template`}>
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
            <div data-testid={`${testId}-import-progress`}>
              <Typography.Text type="secondary">{phase === 'checking' ? '正在上传并校验…' : '正在上传并导入…'}</Typography.Text>
              <Progress percent={percent ?? 0} status="active" />
            </div>
          )}
          {answer && <ImportResult answer={answer} testId={testId} errorsFileName={errorsFileName} />}
        </Space>
      </div>
    </Modal>
  );
}

function ImportResult({ answer, testId, errorsFileName }: { answer: ImportAnswer; testId: string; errorsFileName: string }) {
  const bad = new Set(answer.errors.map((e) => e.row)).size;
  const summary = answer.dryRun
    ? `共${answer.total}条数据，校验通过${answer.valid}条，有误${bad}条${answer.valid ? '；点击“开始导入”导入校验通过的数据' : ''}`
    : `共${answer.total}条数据，成功导入${answer.imported}条，未导入${answer.total - answer.imported}条`;
  return (
    <div data-testid={`${testId}-import-result`}>
      <Alert type={answer.errors.length ? 'warning' : 'success'} showIcon title={summary} style={{ marginBottom: 12 }} />
      {answer.errors.length > 0 && (
        <>
          <Space style={{ marginBottom: 8 }}>
            <Button
              icon={<DownloadOutlined />}
              onClick={() => saveBlob(errorWorkbook(answer.errors), errorsFileName)}
              data-testid={`${testId}-import-errors-download`}
            >
              下载错误报告
            </Button>
          </Space>
          <Table<ImportError>
            size="small"
            rowKey={(e) => `${e.row}-${e.column}-${e.message}`}
            dataSource={answer.errors}
            pagination={{ pageSize: 5, showSizeChanger: false, showTotal: (total) => `共 ${total} 条` }}
            data-testid={`${testId}-import-errors`}
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
