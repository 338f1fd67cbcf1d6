import { lazy, Suspense, useId, useMemo } from 'react';
import { useLocation } from 'react-router';
import { Alert, Button, Empty, Skeleton, Tag, Tooltip } from 'antd';
import { PORTRAIT_MSG, PORTRAIT_PAGE_OF, type PortraitChart, type PortraitTag } from '@gsl/contract';
import type { ChartOption } from '../pages/portal/cockpit/EChart';
import { failureText } from './api';
import { useModelQuery } from './modelQuery';
import { portraitKindOfPage, usePortrait, type AiPortrait as Portrait } from './portraitApi';
import './aiPortrait.css';

/** ECharts comes with the first chart only (the card shows before it). */
const EChart = lazy(() => import('../pages/portal/cockpit/EChart').then((m) => ({ default: m.EChart })));

const TITLES = { enterprise: 'AI企业画像', group: 'AI团体画像', person: 'AI个人画像' } as const;
const BAR = '#1f5fbf';
const AXIS_TEXT = '#333';

/** The visible label of generated content. */
function AiMark({ title }: { title?: string }) {
  return (
    <Tag color="purple" className="portrait-ai-mark" data-testid="portrait-ai-mark" title={title}>
      {PORTRAIT_MSG.aiMark}
    </Tag>
  );
}

const sourceText = (sources: string[], labels: Record<string, string>) => `来源字段:${sources.map((s) => labels[s] ?? s).join('、')}`;

/** A tag: focusable, its rule and sources in a tooltip on hover or focus and, for screen readers, as its description. */
function PortraitTagItem({ tag, labels }: { tag: PortraitTag; labels: Record<string, string> }) {
  const id = useId();
  const detail = `规则:${tag.rule};${sourceText(tag.sources, labels)}`;
  return (
    <li>
      <Tooltip title={detail} trigger={['hover', 'focus']}>
        <button type="button" className="portrait-tag" aria-describedby={id} data-testid={`portrait-tag-${tag.key}`}>
          {tag.label}
        </button>
      </Tooltip>
      <span id={id} className="portrait-sr-only">
        {detail}
      </span>
    </li>
  );
}

/** A bar chart's ECharts option (dark text on white: readable). */
export function portraitBarOption(chart: PortraitChart): ChartOption {
  return {
    color: [BAR],
    grid: { left: 8, right: 24, top: 24, bottom: 8, containLabel: true },
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    xAxis: { type: 'category', data: chart.categories, axisLabel: { color: AXIS_TEXT, interval: 0, width: 160, overflow: 'break' } },
    yAxis: {
      type: 'value',
      name: chart.unit,
      minInterval: chart.unit === '条' ? 1 : undefined,
      axisLabel: { color: AXIS_TEXT },
      nameTextStyle: { color: AXIS_TEXT },
    },
    series: chart.series.map((s) => ({ type: 'bar', name: s.name, data: s.data, barMaxWidth: 36, label: { show: true, position: 'top', color: AXIS_TEXT } })),
  };
}

/** A chart and its figures as a table (the text alternative). */
function ChartBlock({ chart, labels }: { chart: PortraitChart; labels: Record<string, string> }) {
  const option = useMemo(() => portraitBarOption(chart), [chart]);
  const headingId = useId();
  const label = `${chart.title}:${chart.categories.map((c, i) => `${c} ${chart.series.map((s) => `${s.data[i]}${chart.unit}`).join('/')}`).join(',')}`;
  return (
    <section className="portrait-chart" aria-labelledby={headingId} data-testid={`portrait-chart-${chart.key}`}>
      <h3 id={headingId}>{chart.title}</h3>
      <Suspense fallback={<Skeleton.Node active className="portrait-chart-loading" />}>
        <EChart option={option} label={label} height={220} />
      </Suspense>
      <table className="portrait-table">
        <caption>{chart.title}数据表</caption>
        <thead>
          <tr>
            <th scope="col">项目</th>
            {chart.series.map((s) => (
              <th scope="col" key={s.name}>
                {s.name}({chart.unit})
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {chart.categories.map((c, i) => (
            <tr key={c}>
              <th scope="row">{c}</th>
              {chart.series.map((s) => (
                <td key={s.name}>{s.data[i]}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <p className="portrait-sources">{sourceText(chart.sources, labels)}</p>
    </section>
  );
}

function PortraitCard({ p, page }: { p: Portrait; page: string }) {
  const labels = p.fieldLabels;
  const generated = `由${p.summary.model}生成于${p.summary.generatedAt}`;
  return (
    <article className="portrait-card" aria-labelledby="portrait-member">
      <header className="portrait-card-head">
        <h2 id="portrait-member">{p.memberName}</h2>
        {p.deptName && <span className="portrait-dept">所属组织:{p.deptName}</span>}
        <a className="portrait-link" href={`#/ai-resume-${page}?unionId=${encodeURIComponent(p.memberId)}`}>
          查看AI简历
        </a>
      </header>

      <section className="portrait-section" aria-labelledby="portrait-summary-title">
        <div className="portrait-section-head">
          <h3 id="portrait-summary-title">画像概括</h3>
          <AiMark title={generated} />
        </div>
        <p className="portrait-summary" data-testid="portrait-summary">
          {p.summary.text}
        </p>
        <p className="portrait-sources">{sourceText(p.summary.sources, labels)}</p>
      </section>

      <section className="portrait-section" aria-labelledby="portrait-tags-title">
        <div className="portrait-section-head">
          <h3 id="portrait-tags-title">画像标签</h3>
          <AiMark title="按固定规则由会员档案生成" />
        </div>
        {p.tags.length ? (
          <ul className="portrait-tags" data-testid="portrait-tags">
            {p.tags.map((t) => (
              <PortraitTagItem key={t.key} tag={t} labels={labels} />
            ))}
          </ul>
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="会员档案信息不足,暂无标签" />
        )}
        <p className="portrait-hint">将鼠标移到标签上或用 Tab 键选中标签,可查看它的生成规则与来源字段。</p>
      </section>

      <section className="portrait-section" aria-labelledby="portrait-figures-title">
        <h3 id="portrait-figures-title">关键数字</h3>
        <dl className="portrait-figures">
          {p.figures.map((f) => (
            <div key={f.key} className="portrait-figure" data-testid={`portrait-figure-${f.key}`}>
              <dt>{f.label}</dt>
              <dd>
                <span className="portrait-figure-value">{f.value === null || f.value === '' ? '未填写' : `${f.value}${f.unit}`}</span>
                <span className="portrait-sources">{sourceText(f.sources, labels)}</span>
              </dd>
            </div>
          ))}
        </dl>
      </section>

      {p.charts.length > 0 && (
        <div className="portrait-charts">
          {p.charts.map((c) => (
            <ChartBlock key={c.key} chart={c} labels={labels} />
          ))}
        </div>
      )}

      {p.news.length > 0 && (
        <section className="portrait-section" aria-labelledby="portrait-news-title">
          <h3 id="portrait-news-title">最新舆情</h3>
          <ul className="portrait-news">
            {p.news.map((n) => (
              <li key={n.id}>
                {n.link ? (
                  <a href={n.link} target="_blank" rel="noopener noreferrer">
                    {n.title}
                  </a>
                ) : (
                  n.title
                )}
                {n.infoTime && <span className="portrait-news-time">{n.infoTime}</span>}
              </li>
            ))}
          </ul>
          <p className="portrait-sources">{sourceText(['news'], labels)}</p>
        </section>
      )}

      <p className="portrait-notice">本画像由{p.summary.model}根据会员档案、会员代表与舆情监测数据自动生成,标签按固定规则得出,仅供参考。</p>
    </article>
  );
}

/**
 * AI 画像 (/model/#/ai-properties-{company|group|person}?unionId=…): the member's key facts as a card —
 * a summary, tags with the rule and fields each came from, figures, charts with their tables, the news
 * naming it — labelled 「AI生成」. Read-only (noEdit changes nothing); the server decides what the viewer
 * may see (deptId, cocId and jurisdiction are never trusted).
 */
export default function AiPortrait() {
  const { pathname } = useLocation();
  const page = /^\/ai-properties-(company|group|person)$/.exec(pathname)?.[1] ?? 'company';
  const kind = portraitKindOfPage(page) ?? 'enterprise';
  const id = useModelQuery().unionId ?? '';
  const q = usePortrait(kind, id);
  const title = TITLES[kind];

  let body;
  if (!id) body = <Empty description="未指定会员,请从会员详情打开AI画像" />;
  else if (q.isPending) body = <Skeleton active paragraph={{ rows: 8 }} data-testid="portrait-loading" />;
  else if (q.isError)
    body = (
      <Alert
        type="error"
        showIcon
        title="AI画像加载失败"
        description={failureText(q.error)}
        action={
          <Button size="small" onClick={() => void q.refetch()}>
            重试
          </Button>
        }
      />
    );
  else body = <PortraitCard p={q.data} page={PORTRAIT_PAGE_OF[kind]} />;

  return (
    <main className="portrait-page" aria-label={title}>
      <header className="portrait-top">
        <h1>{title}</h1>
      </header>
      {body}
    </main>
  );
}
