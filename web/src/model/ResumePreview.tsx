import { useState } from 'react';
import { useLocation } from 'react-router';
import { useModelQuery } from './modelQuery';
import { Alert, Button, Empty, Skeleton, Space } from 'antd';
import { RESUME_MSG } from '@gsl/contract';
import { failureText } from './api';
import { kindOfPage, useResumePreview } from './resumeApi';
import { AiMark, ExportButton, ResumeLines } from './ResumeLines';
import { ShareButton } from './ShareButton';

const WATERMARK_COPIES = 24;

/**
 * 简历预览 (/model/#/previewResume/{company|group|person|coc}?previewId=…): the published résumé, labelled
 * 「AI生成」 with its approver, over a watermark of the viewer (name and time, repeated, faint, behind
 * the text; hidden from screen readers and from the pointer), with 导出 of the published lines as an
 * HTML file carrying the label.
 */
export default function ResumePreview() {
  const { pathname } = useLocation();
  const kind = kindOfPage(/^\/previewResume\/([\w-]+)$/.exec(pathname)?.[1]);
  const id = useModelQuery().previewId ?? '';
  const q = useResumePreview(kind ?? 'enterprise', kind ? id : '');
  const data = q.data;
  const [note, setNote] = useState<{ type: 'success' | 'error'; text: string } | null>(null);

  let body;
  if (!kind) body = <Empty description="简历类型不正确" />;
  else if (!id) body = <Empty description="未指定要预览的简历" />;
  else if (q.isPending) body = <Skeleton active paragraph={{ rows: 6 }} data-testid="resume-loading" />;
  else if (q.isError)
    body = (
      <Alert
        type="error"
        showIcon
        message="简历预览加载失败"
        description={failureText(q.error)}
        action={
          <Button size="small" onClick={() => void q.refetch()}>
            重试
          </Button>
        }
      />
    );
  else if (!data || !data.published) body = <Empty description={RESUME_MSG.notPublished} />;
  else {
    const mark = `${data.viewerName} ${data.viewTime}`;
    body = (
      <section className="resume-card resume-preview" aria-labelledby="resume-member">
        <div className="resume-watermark" aria-hidden="true" data-testid="resume-watermark">
          {Array.from({ length: WATERMARK_COPIES }, (_, i) => (
            <span key={i}>{mark}</span>
          ))}
        </div>
        <div className="resume-preview-body">
          <header className="resume-card-head">
            <h2 id="resume-member">{data.memberName}</h2>
            <AiMark title={`由${data.generator.model}生成于${data.generator.generatedAt}`} />
          </header>
          <p className="resume-notice">
            本简历由{data.generator.model}根据{kind === 'coc' ? '商会信息' : '会员档案'}自动生成,经{data.approvedBy}于{data.approveTime}审核发布。
          </p>
          <ResumeLines lines={data.lines} labels={data.fieldLabels} />
          {note && (
            <Alert type={note.type} showIcon message={note.text} role={note.type === 'error' ? 'alert' : 'status'} closable onClose={() => setNote(null)} />
          )}
          <Space className="resume-actions">
            <ExportButton kind={kind} id={data.memberId} source="published" onDone={setNote} />
            <ShareButton kind={kind} id={data.memberId} />
          </Space>
        </div>
      </section>
    );
  }

  return (
    <main className="resume-page" aria-label="简历预览">
      <header className="resume-top">
        <h1>简历预览</h1>
      </header>
      {body}
    </main>
  );
}
