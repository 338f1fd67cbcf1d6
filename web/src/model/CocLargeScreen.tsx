import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Alert, Button, Empty, Skeleton } from 'antd';
import { FullscreenExitOutlined, FullscreenOutlined, ReloadOutlined } from '@ant-design/icons';
import { useModelQuery } from './modelQuery';
import { EChart, type ChartOption } from '../pages/portal/cockpit/EChart';
import { PALETTE, rankedBars, yearBars } from '../pages/portal/cockpit/options';
import { failureText, useScreenSummary, type ScreenSummary } from './api';

/** Full screen of one element, following the browser's own state (Esc leaves it too). */
function useFullscreen(target: React.RefObject<HTMLElement | null>) {
  const [on, setOn] = useState(false);
  useEffect(() => {
    const sync = () => setOn(Boolean(target.current) && document.fullscreenElement === target.current);
    document.addEventListener('fullscreenchange', sync);
    return () => document.removeEventListener('fullscreenchange', sync);
  }, [target]);
  const toggle = () => {
    if (document.fullscreenElement) void document.exitFullscreen();
    else void target.current?.requestFullscreen?.();
  };
  return { on, toggle, supported: typeof document !== 'undefined' && Boolean(document.fullscreenEnabled) };
}

function Panel({ id, title, children, className = '' }: { id: string; title: string; children: ReactNode; className?: string }) {
  return (
    <section className={`coc-screen-panel ${className}`} aria-labelledby={`coc-screen-${id}-title`} data-testid={`coc-screen-${id}`}>
      <h2 id={`coc-screen-${id}-title`}>{title}</h2>
      {children}
    </section>
  );
}

/** A chart and, beside it, the same figures as text (keyboards and screen readers read these). */
function ChartPanel({
  id,
  title,
  items,
  option,
}: {
  id: string;
  title: string;
  items: Array<{ key: string; name: string; value: number }>;
  option: () => ChartOption;
}) {
  const opt = useMemo(option, [option]);
  const total = items.reduce((s, i) => s + i.value, 0);
  return (
    <Panel id={id} title={title}>
      {total === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={<span className="coc-screen-muted">暂无数据</span>} />
      ) : (
        <EChart option={opt} label={`${title}:${items.map((i) => `${i.name} ${i.value}`).join(',')}`} height={240} />
      )}
      <ul className="coc-screen-figures" aria-label={`${title}明细`}>
        {items.map((i) => (
          <li key={i.key} data-testid={`coc-screen-${id}-${i.key || 'none'}`}>
            {i.name}:{i.value}
          </li>
        ))}
      </ul>
    </Panel>
  );
}

function Kpi({ label, value, testId }: { label: string; value: number; testId: string }) {
  return (
    <div className="coc-screen-kpi" data-testid={testId} data-value={value}>
      <span className="coc-screen-kpi-value">{value.toLocaleString('zh-CN')}</span>
      <span className="coc-screen-kpi-label">{label}</span>
    </div>
  );
}

const FILL_COLORS: Record<number, string> = { 0: '#8c8c8c', 1: PALETTE[2], 2: PALETTE[5], 3: PALETTE[3] };

function Screen({ s }: { s: ScreenSummary }) {
  const industry = useMemo(() => () => rankedBars(s.byIndustry, PALETTE[0], 10), [s.byIndustry]);
  const years = useMemo(() => () => yearBars(s), [s]);
  return (
    <>
      <div className="coc-screen-kpis" role="group" aria-label="会员总览">
        <Kpi label="会员总数" value={s.members.total} testId="coc-screen-total" />
        <Kpi label="企业会员" value={s.members.enterprise} testId="coc-screen-enterprise" />
        <Kpi label="团体会员" value={s.members.group} testId="coc-screen-group" />
        <Kpi label="个人会员" value={s.members.person} testId="coc-screen-person" />
      </div>
      <div className="coc-screen-grid">
        <ChartPanel id="industry" title="企业会员行业分布" items={s.byIndustry} option={industry} />
        <ChartPanel id="year" title="会员入会年份" items={s.byJoinYear} option={years} />
        <Panel id="leaders" title={s.leaders?.year ? `领导班子(${s.leaders.year}年)` : '领导班子'}>
          {!s.leaders ? (
            <p className="coc-screen-muted">无权查看领导班子</p>
          ) : s.leaders.records.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={<span className="coc-screen-muted">暂未设置领导班子</span>} />
          ) : (
            <table className="coc-screen-table">
              <caption className="sr-only">现任领导班子</caption>
              <thead>
                <tr>
                  <th scope="col">职务</th>
                  <th scope="col">姓名</th>
                  <th scope="col">工作单位</th>
                </tr>
              </thead>
              <tbody>
                {s.leaders.records.map((l) => (
                  <tr key={l.id}>
                    <td>{l.post || l.leaderTypeName}</td>
                    <td>{l.name}</td>
                    <td>{l.company ?? ''}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </Panel>
        <Panel id="fillin" title="委员及代表填报">
          {!s.fillin ? (
            <p className="coc-screen-muted">本组织无需填报</p>
          ) : (
            <div className="coc-screen-fill">
              <p>
                <span className="coc-screen-badge" style={{ background: FILL_COLORS[s.fillin.status] }} data-testid="coc-screen-fill-status">
                  {s.fillin.statusName}
                </span>
                <span>{s.fillin.periodName ?? '届别未填写'}</span>
              </p>
              <dl>
                <div>
                  <dt>常委</dt>
                  <dd>{s.fillin.standing}</dd>
                </div>
                <div>
                  <dt>执委</dt>
                  <dd>{s.fillin.executive}</dd>
                </div>
                <div>
                  <dt>会员代表</dt>
                  <dd>{s.fillin.representative}</dd>
                </div>
                <div>
                  <dt>合计</dt>
                  <dd>{s.fillin.total}</dd>
                </div>
              </dl>
              {s.fillin.submitTime && <p className="coc-screen-muted">提交时间:{s.fillin.submitTime}</p>}
            </div>
          )}
        </Panel>
        <Panel id="events" title="最新大事记" className="coc-screen-wide">
          {!s.events ? (
            <p className="coc-screen-muted">无权查看大事记</p>
          ) : s.events.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={<span className="coc-screen-muted">暂无大事记</span>} />
          ) : (
            <ol className="coc-screen-events">
              {s.events.map((e) => (
                <li key={e.id}>
                  <time dateTime={e.eventDate}>{e.eventDate}</time>
                  <strong>{e.title}</strong>
                  {e.content && <span className="coc-screen-muted">{e.content}</span>}
                </li>
              ))}
            </ol>
          )}
        </Panel>
      </div>
    </>
  );
}

/**
 * 商会大屏 (/model/#/subapp/coc-large-screen, banner 2): the reader's chamber (or `?deptId=` of an org inside
 * their member scope) on one screen — members, industries, years joined, the current team, the fill-in and the
 * latest 大事记. Charts are the cockpit's ECharts wrapper (loaded with this page only) and are resized to
 * their boxes, also in full screen; figures refresh every 5 minutes.
 */
export default function CocLargeScreen() {
  const { deptId } = useModelQuery();
  const q = useScreenSummary(deptId);
  const box = useRef<HTMLDivElement>(null);
  const full = useFullscreen(box);
  const s = q.data;

  return (
    <div ref={box} className={`coc-screen${full.on ? ' coc-screen-full' : ''}`} data-testid="coc-screen">
      <header className="coc-screen-head">
        <h1>{s ? `${s.deptName} · 商会大屏` : '商会大屏'}</h1>
        <div className="coc-screen-actions">
          {s && <span className="coc-screen-muted">数据时间:{s.generatedAt}</span>}
          <Button ghost icon={<ReloadOutlined />} onClick={() => void q.refetch()} loading={q.isFetching}>
            刷新
          </Button>
          {full.supported && (
            <Button
              ghost
              icon={full.on ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
              onClick={full.toggle}
              aria-pressed={full.on}
              data-testid="coc-screen-fullscreen"
            >
              {full.on ? '退出全屏' : '全屏'}
            </Button>
          )}
        </div>
      </header>
      {q.isPending ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : !s ? (
        <Alert
          type="error"
          showIcon
          message="商会大屏数据加载失败"
          description={failureText(q.error)}
          action={
            <Button size="small" onClick={() => void q.refetch()}>
              重试
            </Button>
          }
        />
      ) : (
        <>
          {q.isError && <Alert type="warning" showIcon message={`刷新失败,显示的是上次的数据:${failureText(q.error)}`} />}
          <Screen s={s} />
        </>
      )}
    </div>
  );
}
