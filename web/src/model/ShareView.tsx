import { useLocation } from 'react-router';
import { Alert, Empty, Skeleton } from 'antd';
import { RESUME_TITLES, SHARE_MSG } from '@gsl/contract';
import { HttpError } from '../api/http';
import { AiMark } from './ResumeLines';
import { useShareView } from './shareApi';
import './share.css';

const WATERMARK_COPIES = 24;

/**
 * 分享 (/model/#/subapp/static/share?code=…, specification §2 public route; README deviation 65): a
 * published AI 简历 opened from a share link, by anyone, without a session. Read-only: the published text,
 * labelled 「AI生成」, under the watermark 「分享自 <name> · 仅供查看」, with the link's expiry. An unknown,
 * expired or revoked link says so in place.
 */
export default function ShareView() {
  const code = new URLSearchParams(useLocation().search).get('code')?.trim() ?? '';
  const q = useShareView(code);
  const data = q.data;

  let body;
  if (!code) body = <Empty description={SHARE_MSG.invalid} />;
  else if (q.isPending) body = <Skeleton active paragraph={{ rows: 6 }} data-testid="share-loading" />;
  else if (q.isError)
    body = (
      <Alert
        type="error"
        showIcon
        role="alert"
        message={q.error instanceof HttpError && q.error.code === 404 ? SHARE_MSG.invalid : '分享内容加载失败'}
        description={q.error instanceof HttpError && q.error.code === 404 ? '请向分享人索取新的链接' : q.error.message || '请稍后再试'}
      />
    );
  else if (!data) body = <Empty description={SHARE_MSG.invalid} />;
  else {
    const mark = SHARE_MSG.watermark(data.sharedBy);
    body = (
      <section className="resume-card resume-preview" aria-labelledby="share-subject">
        <div className="resume-watermark" aria-hidden="true" data-testid="share-watermark">
          {Array.from({ length: WATERMARK_COPIES }, (_, i) => (
            <span key={i}>{mark}</span>
          ))}
        </div>
        <div className="resume-preview-body">
          <header className="resume-card-head">
            <h2 id="share-subject">{data.subjectName}</h2>
            <AiMark title={`由${data.generator.model}生成于${data.generator.generatedAt}`} />
          </header>
          <p className="share-banner" data-testid="share-banner">
            {mark}
          </p>
          <p className="resume-notice">
            本简历由{data.generator.model}根据{data.kind === 'coc' ? '商会信息' : '会员档案'}自动生成,经{data.approvedBy}
            {data.approveTime ? `于${data.approveTime}` : ''}审核发布。
          </p>
          <ol className="share-lines" aria-label={`${RESUME_TITLES[data.kind]}正文`}>
            {data.lines.map((text, i) => (
              <li key={i}>{text}</li>
            ))}
          </ol>
          <p className="share-expiry">链接有效期至 {data.expireTime}</p>
        </div>
      </section>
    );
  }

  return (
    <main className="resume-page" aria-label="分享的AI简历">
      <header className="resume-top">
        <h1>{data ? RESUME_TITLES[data.kind] : 'AI简历分享'}</h1>
      </header>
      {body}
    </main>
  );
}
