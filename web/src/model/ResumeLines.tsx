import { useId, useState } from 'react';
import { Button, Input, Tag } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { RESUME_MSG, type ResumeKind, type ResumeLine } from '@gsl/contract';
import { failureText } from './api';
import { exportResume } from './resumeApi';

/** The visible label of generated content, with the generator in its title. */
export function AiMark({ title }: { title?: string }) {
  return (
    <Tag color="purple" className="resume-ai-mark" data-testid="ai-mark" title={title}>
      {RESUME_MSG.aiMark}
    </Tag>
  );
}

/** A line's sources: a button (keyboard-reachable) opening the fields the sentence came from. */
function Sources({ line, labels, index }: { line: ResumeLine; labels: Record<string, string>; index: number }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const names = line.sources.map((s) => labels[s] ?? s);
  return (
    <div className="resume-sources">
      <Button type="link" size="small" aria-expanded={open} aria-controls={id} onClick={() => setOpen((o) => !o)} aria-label={`第${index + 1}句的来源`}>
        {open ? '收起来源' : '来源'}
      </Button>
      {open && (
        <p id={id} className="resume-sources-list" data-testid="resume-sources">
          {names.length ? `来源字段:${names.join('、')}` : '来源字段:无(人工编写)'}
        </p>
      )}
    </div>
  );
}

/** The résumé's sentences: read-only, or each in a labelled text box. */
export function ResumeLines({
  lines,
  labels,
  editable,
  onChange,
}: {
  lines: ResumeLine[];
  labels: Record<string, string>;
  editable?: boolean;
  onChange?: (index: number, text: string) => void;
}) {
  return (
    <ol className="resume-lines" data-testid="resume-lines">
      {lines.map((line, i) => (
        <li key={i} className="resume-line">
          {editable ? (
            <Input.TextArea
              aria-label={`第${i + 1}句`}
              value={line.text}
              autoSize={{ minRows: 1, maxRows: 6 }}
              maxLength={500}
              onChange={(e) => onChange?.(i, e.target.value)}
              status={line.text.trim() ? undefined : 'error'}
            />
          ) : (
            <p className="resume-line-text">{line.text}</p>
          )}
          <Sources line={line} labels={labels} index={i} />
        </li>
      ))}
    </ol>
  );
}

/**
 * 导出: downloads the résumé as an HTML file with the visible 「AI生成」 mark and the AIGC metadata; the
 * outcome (the file's name, or why not) is told through `onDone`.
 */
export function ExportButton({
  kind,
  id,
  source,
  label = '导出',
  onDone,
}: {
  kind: ResumeKind;
  id: string;
  source: 'published' | 'working';
  label?: string;
  onDone: (note: { type: 'success' | 'error'; text: string }) => void;
}) {
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      const name = await exportResume(kind, id, source);
      onDone({ type: 'success', text: `已导出 ${name}(含「${RESUME_MSG.aiMark}」标识)` });
    } catch (e) {
      onDone({ type: 'error', text: failureText(e) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button icon={<DownloadOutlined />} loading={busy} onClick={() => void run()} data-testid="resume-export">
      {label}
    </Button>
  );
}
