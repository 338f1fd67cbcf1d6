import { useState } from 'react';
import { Button, Empty, Segmented, Spin, Tag } from 'antd';
import { EditOutlined, RollbackOutlined } from '@ant-design/icons';
import { LEADER_TYPE_ORDER, type LeaderPostView } from '@gsl/contract';
import { useOrgLeadership, type LeaderView, type OrgLeadershipTerm } from '../../api/association';
import { useCan } from '../../components/Access';
import { LoadError } from '../../components/LoadError';
import { LeadershipBoard } from './LeadershipBoard';
import { termsOf, typeName, type TermFilter } from './leaderLogic';

const EMPTY: Record<TermFilter, string> = { current: '暂无现任领导班子', past: '暂无往届领导班子', next: '暂无下届领导班子', all: '暂无领导班子' };
import './association.css';

/** A term's members grouped by type in the team's order (主席, 党组书记, 会长, 副主席 …). */
export function groupByType(leaders: readonly LeaderView[]): Array<{ type: number; leaders: LeaderView[] }> {
  return LEADER_TYPE_ORDER.map((type) => ({ type, leaders: leaders.filter((l) => l.leaderType === type).sort((a, b) => a.sort - b.sort) })).filter(
    (g) => g.leaders.length > 0,
  );
}

function Term({ term, testId }: { term: OrgLeadershipTerm; testId: string }) {
  return (
    <section className="leader-terms__term" data-testid={`${testId}-term-${term.year}`} aria-labelledby={`${testId}-term-${term.year}-title`}>
      <h4 id={`${testId}-term-${term.year}-title`} className="leader-section__title">
        {term.year}年度领导班子
        {term.current && (
          <Tag color="blue" className="leader-section__count">
            现任
          </Tag>
        )}
      </h4>
      <ul className="leader-terms__list">
        {groupByType(term.leaders).flatMap((g) =>
          g.leaders.map((l) => (
            <li key={l.id} data-testid={`${testId}-leader`}>
              <span className="leader-terms__type">{l.post && l.post !== typeName(g.type) ? `${typeName(g.type)}(${l.post})` : typeName(g.type)}</span>
              <b>{l.name}</b>
              {l.company && <span className="leader-muted">　{l.company}</span>}
            </li>
          )),
        )}
      </ul>
    </section>
  );
}

/**
 * 领导班子 of 组织档案: the org's teams as the leadership calls keep them (orgprofile/leader/list reads
 * the same rows), 现任 — the latest term up to this year — 往届, 下届 (entered ahead) or 全部, newest first. A user who maintains
 * teams (领导班子's menu) switches to 维护 for the year tabs, cards and lists of the business application.
 */
export function OrgLeadership({ deptId, deptName }: { deptId: string; deptName?: string | null }) {
  const can = useCan();
  const [which, setWhich] = useState<TermFilter>('current');
  const [editing, setEditing] = useState(false);
  const terms = useOrgLeadership(deptId);
  const testId = 'org-leader';
  const maintain = can('association_leader');

  if (editing)
    return (
      <div data-testid={`${testId}-edit`}>
        <Button icon={<RollbackOutlined />} onClick={() => setEditing(false)} data-testid={`${testId}-back`} style={{ marginBottom: 8 }}>
          返回档案
        </Button>
        <LeadershipBoard deptId={deptId} deptName={deptName} testId={`${testId}-board`} />
      </div>
    );

  const thisYear = new Date().getFullYear();
  const all = terms.data ?? [];
  const shown = termsOf(all, which, thisYear);
  const hasNext = termsOf(all, 'next', thisYear).length > 0;
  return (
    <div data-testid={testId}>
      <div className="leader-section__head">
        <Segmented
          options={[
            { value: 'current', label: '现任' },
            { value: 'past', label: '往届' },
            ...(hasNext || which === 'next' ? [{ value: 'next', label: '下届' }] : []),
            { value: 'all', label: '全部' },
          ]}
          value={which}
          onChange={(v) => setWhich(v as TermFilter)}
          data-testid={`${testId}-term`}
        />
        {maintain && (
          <Button icon={<EditOutlined />} onClick={() => setEditing(true)} data-testid={`${testId}-maintain`}>
            维护领导班子
          </Button>
        )}
      </div>
      {terms.isPending ? (
        <Spin />
      ) : terms.isError ? (
        <LoadError onRetry={terms.refetch} testId={`${testId}-error`} />
      ) : shown.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={EMPTY[which]} data-testid={`${testId}-empty`} />
      ) : (
        shown.map((t) => <Term key={t.year} term={t} testId={testId} />)
      )}
    </div>
  );
}

/**
 * 领导职务 of a person's profile: every post the person holds or held, by org and year (personbase/detail's
 * `leaderPosts`); nothing when the server gives none (the user lacks 领导班子).
 */
export function LeaderPosts({ posts }: { posts: LeaderPostView[] | null | undefined }) {
  if (posts === null || posts === undefined) return null;
  return (
    <section className="person-leader-posts" data-testid="person-leader-posts" aria-labelledby="person-leader-posts-title">
      <h4 id="person-leader-posts-title" className="person-leader-posts__title">
        领导职务
      </h4>
      {posts.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无领导职务" />
      ) : (
        <ul className="leader-terms__list">
          {[...posts]
            .sort((a, b) => b.year - a.year)
            .map((p) => (
              <li key={p.id} data-testid="person-leader-post">
                {p.year}年　{p.deptName ?? '-'}　<b>{p.leaderTypeName}</b>
                {p.post && p.post !== p.leaderTypeName ? `(${p.post})` : ''}
              </li>
            ))}
        </ul>
      )}
    </section>
  );
}
