import { RESUME_MSG, RESUME_TITLES, type ResumeKind, type ResumeLine } from '@gsl/contract';

/** The producer named in the implicit label (GB 45438-2025 “ContentProducer”). */
export const AIGC_PRODUCER = 'gsl-portal/ai-resume';

export interface ResumeExport {
  kind: ResumeKind;
  /** The stored résumé's id, or null for a draft never saved. */
  resumeId: string | null;
  subjectId: string;
  subjectName: string;
  lines: ResumeLine[];
  labels: Record<string, string>;
  source: 'published' | 'working';
  method: 'template' | 'model';
  model: string;
  generatedAt: string;
  approvedBy: string | null;
  approveTime: string | null;
  exportedBy: string;
  exportedAt: string;
}

const esc = (v: string) => v.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * The implicit label of an exported résumé (《人工智能生成合成内容标识办法》 art. 5 and GB 45438-2025's
 * file metadata): `AIGC` as a JSON object — Label 1 (AI-generated), ContentProducer, ProduceID — with the
 * generator, method, model, generation time and the approver beside it.
 */
export function aigcMetadata(e: ResumeExport) {
  return {
    Label: '1',
    ContentProducer: AIGC_PRODUCER,
    ProduceID: `ai_resume:${e.kind}:${e.subjectId}${e.resumeId ? `:${e.resumeId}` : ''}`,
    ReservedCode1: e.source,
    ContentPropagator: AIGC_PRODUCER,
    PropagateID: `export:${e.exportedAt}`,
    ReservedCode2: '',
    generator: `${AIGC_PRODUCER} (${e.method}: ${e.model})`,
    method: e.method,
    model: e.model,
    generatedAt: e.generatedAt,
    approvedBy: e.approvedBy,
    approveTime: e.approveTime,
  };
}

/**
 * The résumé as a standalone HTML file: the visible 「AI生成」 mark at the top and the notice at the
 * bottom (explicit label), the metadata in <meta> elements (implicit label), each sentence with its
 * sources. Everything from the database is escaped; the file runs no script.
 */
export function resumeHtml(e: ResumeExport): string {
  const meta = aigcMetadata(e);
  const title = `${e.subjectName} - ${RESUME_TITLES[e.kind]}`;
  const state =
    e.source === 'published'
      ? `经${e.approvedBy ?? ''}于${e.approveTime ?? ''}审核发布`
      : e.approvedBy
        ? `工作稿(含未发布的修改),最近一次由${e.approvedBy}于${e.approveTime ?? ''}审核发布`
        : '工作稿,尚未经人工审核发布';
  const metaTag = (name: string, content: string) => `<meta name="${esc(name)}" content="${esc(content)}">`;
  const lines = e.lines
    .map((l) => {
      const names = l.sources.map((s) => e.labels[s] ?? s);
      return `<li><p>${esc(l.text)}</p><p class="src">来源:${esc(names.length ? names.join('、') : '无(人工编写)')}</p></li>`;
    })
    .join('\n');
  return `<!DOCTYPE html>
<html lang="zh-CN">
<head>
<meta charset="utf-8">
<title>${esc(title)}</title>
${metaTag('AIGC', JSON.stringify(meta))}
${metaTag('generator', meta.generator)}
${metaTag('aigc:label', RESUME_MSG.aiMark)}
${metaTag('aigc:method', e.method)}
${metaTag('aigc:model', e.model)}
${metaTag('aigc:generatedAt', e.generatedAt)}
${metaTag('aigc:approvedBy', e.approvedBy ?? '')}
${metaTag('aigc:approveTime', e.approveTime ?? '')}
${metaTag('aigc:source', e.source)}
<style>
body{font-family:"PingFang SC","Microsoft YaHei",sans-serif;max-width:800px;margin:32px auto;padding:0 16px;color:#1f1f1f;line-height:1.8}
.ai-mark{display:inline-block;border:1px solid #531dab;color:#531dab;border-radius:4px;padding:0 8px;font-size:14px;margin-left:8px;vertical-align:middle}
.notice{color:#595959;font-size:14px}
.src{color:#595959;font-size:12px;margin-top:-8px}
footer{border-top:1px solid #d9d9d9;margin-top:24px;padding-top:8px;color:#595959;font-size:13px}
</style>
</head>
<body>
<header>
<h1>${esc(e.subjectName)}<span class="ai-mark" data-aigc="explicit">${esc(RESUME_MSG.aiMark)}</span></h1>
<p class="notice">${esc(RESUME_MSG.aiNotice)}:由${esc(e.model)}于${esc(e.generatedAt)}生成,${esc(state)}。</p>
</header>
<main>
<ol>
${lines}
</ol>
</main>
<footer>
<p>「${esc(RESUME_MSG.aiMark)}」${esc(RESUME_MSG.aiNotice)},内容仅供参考。导出人:${esc(e.exportedBy)},导出时间:${esc(e.exportedAt)}。</p>
</footer>
</body>
</html>
`;
}
