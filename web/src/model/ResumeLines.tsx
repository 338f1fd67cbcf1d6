import { useId, useState } from 'react';
import { Button, Input, Tag } from 'antd';
import { RESUME_MSG, type ResumeLine } from '@gsl/contract';

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
