import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { useModelQuery } from './modelQuery';
import { Alert, Button, Empty, Popconfirm, Skeleton, Space, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { RESUME_MSG, RESUME_PAGE_OF, RESUME_STATUS, RESUME_TITLES } from '@gsl/contract';
import { failureText } from './api';
import { kindOfPage, publishResume, saveResume, useResume, type AiResume as Resume, type ResumeLine } from './resumeApi';
import { AiMark, ExportButton, ResumeLines } from './ResumeLines';

const statusText = (r: Resume, dirty: boolean) =>
  dirty
    ? '有未保存的修改'
    : r.status === RESUME_STATUS.published
      ? `已发布(审核人:${r.approvedBy ?? ''},${r.approveTime ?? ''})`
      : r.hasPublished
        ? '已修改,未重新发布'
        : r.version === 0
          ? '草稿(未保存)'
          : '草稿(未发布)';

/**
 * AI 简历 (/model/#/ai-resume-{company|group|person}[-noTop]?unionId=…, /model/#/ai-resume-coc?cocId=…):
 * the member's (or the chamber's) résumé drafted from its profile (a chamber's from its 协会基本信息,
 * 大事记 and 领导班子), each sentence with the fields or rows it came from, labelled 「AI生成」; editable
 * unless `noEdit`, 保存 at the version read, 发布 after a confirmation (the publisher is recorded as
 * approver), 导出 as an HTML file carrying the label. ai-resume-{path}: the names of RESUME_KIND_OF_PAGE.
 */
export default function AiResume() {
  const { pathname } = useLocation();
  const query = useModelQuery();
  const match = /^\/ai-resume-([A-Za-z]+?)(-noTop)?$/.exec(pathname);
  const kind = kindOfPage(match?.[1]) ?? 'enterprise';
  const noTop = Boolean(match?.[2]);
  const coc = kind === 'coc';
  // A chamber is named by cocId (or deptId, or the jurisdiction's dept); a member by unionId. The server checks the scope.
  const id = (coc ? (query.cocId ?? query.deptId) : query.unionId) ?? '';
  const editable = !query.noEdit;
  const q = useResume(kind, id);
  const client = useQueryClient();
  const [lines, setLines] = useState<ResumeLine[] | null>(null);
  const [busy, setBusy] = useState<'save' | 'publish' | null>(null);
  const [note, setNote] = useState<{ type: 'success' | 'error'; text: string } | null>(null);
  const data = q.data;

  useEffect(() => {
    if (data) setLines(data.lines);
  }, [data]);

  const dirty = Boolean(data && lines && JSON.stringify(lines) !== JSON.stringify(data.lines));
  const title = RESUME_TITLES[kind];

  const stored = (r: Resume, msg: string) => {
    client.setQueryData(['model', 'resume', kind, id], r);
    setNote({ type: 'success', text: msg });
  };
  const check = (): boolean => {
    if (lines?.some((l) => !l.text.trim())) {
      setNote({ type: 'error', text: RESUME_MSG.lineRequired });
      return false;
    }
    return true;
  };
  const save = async (): Promise<Resume | null> => {
    if (!data || !lines || !check()) return null;
    setBusy('save');
    try {
      const res = await saveResume(kind, { id: data.memberId, version: data.version, lines, ...(data.version === 0 ? { method: data.generator.method } : {}) });
      stored(res.data, res.msg || RESUME_MSG.saved);
      return res.data;
    } catch (e) {
      setNote({ type: 'error', text: failureText(e) });
      return null;
    } finally {
      setBusy(null);
    }
  };
  const publish = async () => {
    if (!data) return;
    let current: Resume | null = data;
    if (dirty || data.version === 0) current = await save();
    if (!current) return;
    setBusy('publish');
    try {
      const res = await publishResume(kind, { id: current.memberId, version: current.version });
      stored(res.data, res.msg || RESUME_MSG.published);
    } catch (e) {
      setNote({ type: 'error', text: failureText(e) });
    } finally {
      setBusy(null);
    }
  };

  let body;
  if (!id) body = <Empty description={coc ? '未指定商会,请从商会信息打开AI简历' : '未指定会员,请从会员详情打开AI简历'} />;
  else if (q.isPending) body = <Skeleton active paragraph={{ rows: 6 }} data-testid="resume-loading" />;
  else if (q.isError)
    body = (
      <Alert
        type="error"
        showIcon
        message="AI简历加载失败"
        description={failureText(q.error)}
        action={
          <Button size="small" onClick={() => void q.refetch()}>
            重试
          </Button>
        }
      />
    );
  else if (!data || !lines) body = <Empty description="暂无简历内容" />;
  else
    body = (
      <section className="resume-card" aria-labelledby="resume-member">
        <header className="resume-card-head">
          <h2 id="resume-member">{data.memberName}</h2>
          <AiMark title={`由${data.generator.model}生成于${data.generator.generatedAt}`} />
          <Typography.Text type="secondary" data-testid="resume-status">
            {statusText(data, dirty)}
          </Typography.Text>
        </header>
        <p className="resume-notice">
          本简历由{data.generator.model}根据{coc ? '商会的协会基本信息、大事记、领导班子与组织档案' : '会员档案'}自动生成,内容需经人工审核后发布。
        </p>
        {lines.length === 0 ? (
          <Empty description={coc ? '商会信息不足,暂无可生成的简历内容' : '会员档案信息不足,暂无可生成的简历内容'} />
        ) : (
          <ResumeLines
            lines={lines}
            labels={data.fieldLabels}
            editable={editable}
            onChange={(i, text) => setLines((ls) => (ls ?? []).map((l, j) => (j === i ? { ...l, text } : l)))}
          />
        )}
        {note && (
          <Alert type={note.type} showIcon message={note.text} role={note.type === 'error' ? 'alert' : 'status'} closable onClose={() => setNote(null)} />
        )}
        <Space className="resume-actions" wrap>
          {editable && (
            <>
              <Button onClick={() => void save()} loading={busy === 'save'} disabled={!dirty || busy !== null}>
                保存
              </Button>
              <Popconfirm
                title="确认发布该简历?"
                description="发布后将记录您为审核人,预览页将展示本次发布的内容。"
                okText="确认发布"
                cancelText="取消"
                onConfirm={() => publish()}
              >
                <Button type="primary" loading={busy === 'publish'} disabled={busy !== null}>
                  发布
                </Button>
              </Popconfirm>
            </>
          )}
          {(editable || data.hasPublished) && (
            <ExportButton
              kind={kind}
              id={data.memberId}
              source={editable ? 'working' : 'published'}
              label={editable ? '导出' : '导出已发布简历'}
              onDone={setNote}
            />
          )}
          {data.hasPublished && (
            <a href={`#/previewResume/${RESUME_PAGE_OF[kind]}?previewId=${encodeURIComponent(data.memberId)}`} target="_blank" rel="noopener noreferrer">
              预览已发布简历
            </a>
          )}
        </Space>
      </section>
    );

  return (
    <main className={`resume-page${noTop ? ' resume-page-notop' : ''}`} aria-label={title}>
      {!noTop && (
        <header className="resume-top" data-testid="resume-top">
          <h1>{title}</h1>
        </header>
      )}
      {body}
    </main>
  );
}
