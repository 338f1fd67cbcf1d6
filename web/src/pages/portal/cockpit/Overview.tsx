import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Alert, Button, Empty, Skeleton, Space, Typography } from 'antd';
import { FullscreenExitOutlined, FullscreenOutlined, ReloadOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { MEMBER_KINDS, QUALITY_ISSUES, QUALITY_ISSUE_LABELS, type CockpitBucket, type CockpitSummary, type MemberKind } from '@gsl/contract';
import { useCockpitSummary } from '../../../api/portal/cockpit';
import { EChart, type ChartClick, type ChartOption } from './EChart';
import { FILL_STATES, chamberPie, fillPie, loginLines, messageBars, qualityBars, rankedBars, yearBars } from './options';
import { RecordsDrawer, type Drill } from './RecordsDrawer';
import './cockpit.css';

const ALL = [...MEMBER_KINDS];

/** A figure for keyboards and screen readers: the same figures as the chart, each a button opening its records. */
interface Figure {
  key: string;
  label: string;
  value: number;
  open: () => void;
}

function Panel({
  id,
  title,
  option,
  figures,
  onClick,
  extra,
}: {
  id: string;
  title: string;
  option: ChartOption;
  figures: Figure[];
  onClick?: (c: ChartClick) => void;
  extra?: ReactNode;
}) {
  const total = figures.reduce((s, f) => s + f.value, 0);
  return (
    <section className="cockpit-panel" aria-labelledby={`cockpit-${id}-title`} data-testid={`cockpit-${id}`}>
      <header>
        <h2 id={`cockpit-${id}-title`}>{title}</h2>
        {extra}
      </header>
      {figures.length === 0 || total === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={<span className="cockpit-muted">暂无数据</span>} />
      ) : (
        <EChart option={option} label={`${title}:${figures.map((f) => `${f.label} ${f.value}`).join(',')}`} onClick={onClick} />
      )}
      <ul className="cockpit-figures" aria-label={`${title}明细`}>
        {figures.map((f) => (
          <li key={f.key}>
            <button type="button" onClick={f.open} data-testid={`cockpit-${id}-${f.key}`} data-value={f.value}>
              {f.label}:{f.value}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Kpi({ label, value, onOpen, testId }: { label: string; value: number; onOpen: () => void; testId: string }) {
  return (
    <button type="button" className="cockpit-kpi" onClick={onOpen} data-testid={testId} data-value={value}>
      <span className="cockpit-kpi-value">{value.toLocaleString('zh-CN')}</span>
      <span className="cockpit-kpi-label">{label}</span>
    </button>
  );
}

function useFullscreen(target: React.RefObject<HTMLElement | null>) {
  const [on, setOn] = useState(false);
  useEffect(() => {
    const sync = () => setOn(document.fullscreenElement === target.current);
    document.addEventListener('fullscreenchange', sync);
    return () => document.removeEventListener('fullscreenchange', sync);
  }, [target]);
  const toggle = () => {
    if (document.fullscreenElement) void document.exitFullscreen();
    else void target.current?.requestFullscreen?.();
  };
  return { on, toggle };
}

function Screen({ s, open }: { s: CockpitSummary; open: (d: Drill) => void }) {
  const navigate = useNavigate();
  const buckets = (id: string, items: CockpitBucket[], drill: (b: CockpitBucket) => Drill): Figure[] =>
    items.map((b) => ({ key: `${b.key || 'none'}`, label: b.name, value: b.value, open: () => open(drill(b)) }));
  const area = buckets('area', s.byArea, (b) => ({ title: `${b.name} · 会员`, filter: { deptId: b.deptId ?? undefined, own: b.key === 'self' }, kinds: ALL }));
  const industry = buckets('industry', s.byIndustry, (b) => ({
    title: `${b.name} · 企业会员`,
    filter: { industry: b.key, kind: 'enterprise' },
    kinds: ['enterprise'],
  }));
  const years = buckets('year', s.byJoinYear, (b) => ({ title: `${b.name}入会 · 会员`, filter: { joinYear: b.key }, kinds: ALL }));
  const chambers = buckets('chamber', s.chambersByType, (b) => ({ title: `${b.name}`, chamberType: Number(b.key) }));
  const quality: Figure[] = QUALITY_ISSUES.map((i) => ({
    key: i,
    label: QUALITY_ISSUE_LABELS[i],
    value: s.quality[i],
    open: () => open({ title: `数据质量 · ${QUALITY_ISSUE_LABELS[i]}`, filter: { issue: i }, kinds: ALL }),
  }));
  const fills: Figure[] = FILL_STATES.map(([k, label]) => ({
    key: k,
    label,
    value: s.fillIn[k],
    open: () => navigate('/portal/myApp/fillSituation'),
  }));
  const messages: Figure[] = s.messages.map((m) => ({
    key: m.month,
    label: `${m.month} 发送`,
    value: m.sys + m.sms + m.email,
    open: () => navigate('/portal/myApp/message'),
  }));
  const logins: Figure[] = s.logins.map((l) => ({ key: l.day, label: `${l.day} 登录`, value: l.count, open: () => navigate('/portal/myOrg/loginJournal') }));
  const byIndex =
    (figures: Figure[], reversed = false, limit = figures.length) =>
    (c: ChartClick) => {
      const list = reversed ? figures.slice(0, limit).reverse() : figures;
      list[c.dataIndex]?.open();
    };
  const kindLabel: Record<MemberKind, string> = { enterprise: '企业会员', group: '团体会员', person: '个人会员' };
  return (
    <>
      <div className="cockpit-kpis" role="group" aria-label="会员总览">
        <Kpi label="会员总数" value={s.members.total} testId="cockpit-kpi-total" onOpen={() => open({ title: '全部会员', filter: {}, kinds: ALL })} />
        {ALL.map((k) => (
          <Kpi
            key={k}
            label={kindLabel[k]}
            value={s.members[k]}
            testId={`cockpit-kpi-${k}`}
            onOpen={() => open({ title: kindLabel[k], filter: { kind: k }, kinds: [k] })}
          />
        ))}
        <Kpi
          label="商会总数"
          value={s.chambersByType.reduce((n, c) => n + c.value, 0)}
          testId="cockpit-kpi-chambers"
          onOpen={() => navigate('/portal/database/chamber')}
        />
      </div>
      <div className="cockpit-grid">
        <Panel id="area" title="会员地区分布" option={useMemo(() => rankedBars(s.byArea), [s])} figures={area} onClick={byIndex(area, true, 15)} />
        <Panel
          id="industry"
          title="企业会员行业分布"
          option={useMemo(() => rankedBars(s.byIndustry, '#36CFC9'), [s])}
          figures={industry}
          onClick={byIndex(industry, true, 15)}
        />
        <Panel id="year" title="会员入会年份" option={useMemo(() => yearBars(s), [s])} figures={years} onClick={byIndex(years)} />
        <Panel id="chamber" title="商会类型(含异地商会)" option={useMemo(() => chamberPie(s), [s])} figures={chambers} onClick={byIndex(chambers)} />
        <Panel
          id="quality"
          title="数据质量"
          option={useMemo(() => qualityBars(s), [s])}
          figures={quality}
          onClick={byIndex(quality)}
          extra={
            <Button type="link" size="small" onClick={() => navigate('/portal/cockpit/dataquality')}>
              按组织查看
            </Button>
          }
        />
        <Panel
          id="fillin"
          title={`填报完成情况(已提交 ${s.fillIn.submitted}/${s.fillIn.total})`}
          option={useMemo(() => fillPie(s), [s])}
          figures={fills}
          onClick={byIndex(fills)}
        />
        <Panel id="messages" title="近12个月消息发送" option={useMemo(() => messageBars(s), [s])} figures={messages} onClick={byIndex(messages)} />
        <Panel id="logins" title="近30天登录活跃度" option={useMemo(() => loginLines(s), [s])} figures={logins} onClick={byIndex(logins)} />
      </div>
    </>
  );
}

/** 综合驾驶舱 (/portal/cockpit/overview): the big screen of the caller's scope, full screen on demand, refreshed on its own. */
export default function CockpitOverview() {
  const summary = useCockpitSummary();
  const root = useRef<HTMLDivElement>(null);
  const full = useFullscreen(root);
  const [drill, setDrill] = useState<Drill>();
  const s = summary.data;
  return (
    <div ref={root} className={`cockpit${full.on ? ' cockpit-full' : ''}`} data-testid="cockpit-overview">
      <div className="cockpit-head">
        <Typography.Title level={1} className="cockpit-title">
          {s ? `${s.deptName} · ` : ''}领导驾驶舱
        </Typography.Title>
        <Space wrap>
          {s && (
            <span className="cockpit-muted" data-testid="cockpit-time">
              数据更新于 {s.generatedAt}
            </span>
          )}
          <Button icon={<ReloadOutlined />} loading={summary.isFetching} onClick={() => void summary.refetch()}>
            刷新
          </Button>
          <Button icon={full.on ? <FullscreenExitOutlined /> : <FullscreenOutlined />} onClick={full.toggle} data-testid="cockpit-fullscreen">
            {full.on ? '退出全屏' : '全屏'}
          </Button>
        </Space>
      </div>
      {summary.isError && (
        <Alert type={s ? 'warning' : 'error'} showIcon title={s ? '刷新失败,显示的是上次的数据' : '驾驶舱数据加载失败'} style={{ marginBottom: 12 }} />
      )}
      {summary.isPending ? <Skeleton active paragraph={{ rows: 10 }} /> : s ? <Screen s={s} open={setDrill} /> : null}
      <RecordsDrawer drill={drill} onClose={() => setDrill(undefined)} container={full.on ? root.current : undefined} />
    </div>
  );
}
