import { useEffect, useMemo, useState } from 'react';
import { App, Button, Card, InputNumber, Space, Spin, Tabs } from 'antd';
import { CopyOutlined, PlusOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { LEADER_YEAR_MAX, LEADER_YEAR_MIN } from '@gsl/contract';
import { associationKeys, multiplexing, useSection, useYearList } from '../../api/association';
import { toast } from '../../api/feedback';
import { tellUnhandled } from '../../api/http';
import { useCan } from '../../components/Access';
import { LoadError } from '../../components/LoadError';
import { confirmAction } from '../../components/crud/confirm';
import { countOf, defaultYear, sourceYearFor, termText, typeName, yearTabs } from './leaderLogic';
import './association.css';
import { LeaderTable } from './LeaderTable';
import { LEADER_PERMS, LISTS, SINGLES, useLeaderDialog, useRemove, type Team } from './teamHooks';

export { LEADER_PERMS } from './teamHooks';

/** 主席 / 党组书记 / 会长: the one person of the year, or 暂未设置 with its 设置 button. */
function LeaderCard({ team, type }: { team: Team; type: number }) {
  const can = useCan();
  const section = useSection(team.deptId, team.year, type);
  const { open, dialog } = useLeaderDialog(team, type);
  const askRemove = useRemove(team.deptId, type);
  const testId = `${team.testId}-card-${type}`;
  const row = section.data?.[0];
  const name = typeName(type);
  return (
    <Card
      size="small"
      className="leader-card"
      title={<h4 className="leader-card__title">{name}</h4>}
      data-testid={testId}
      extra={
        row && (
          <Space size={0}>
            {can(LEADER_PERMS.edit) && (
              <Button type="link" size="small" onClick={() => open(row)} data-testid={`${testId}-edit`} aria-label={`编辑${name}${row.name}`}>
                编辑
              </Button>
            )}
            {can(LEADER_PERMS.remove) && (
              <Button
                type="link"
                size="small"
                danger
                onClick={() => askRemove(row, `${testId}-remove-ok`)}
                data-testid={`${testId}-remove`}
                aria-label={`删除${name}${row.name}`}
              >
                删除
              </Button>
            )}
          </Space>
        )
      }
    >
      {section.isPending ? (
        <Spin size="small" />
      ) : section.isError ? (
        <LoadError onRetry={section.refetch} testId={`${testId}-error`} />
      ) : row ? (
        <dl className="leader-card__body">
          <dt className="assoc-sr-only">姓名</dt>
          <dd className="leader-card__name" data-testid={`${testId}-name`}>
            {row.name}
            {row.post && row.post !== name && <span className="leader-card__post">{row.post}</span>}
          </dd>
          {row.company && (
            <>
              <dt>工作单位</dt>
              <dd>{row.company}</dd>
            </>
          )}
          {(row.genderName || row.politicsName) && (
            <>
              <dt>性别 / 政治面貌</dt>
              <dd>{[row.genderName, row.politicsName].filter(Boolean).join(' / ')}</dd>
            </>
          )}
          {row.phone && (
            <>
              <dt>手机号码</dt>
              <dd>{row.phone}</dd>
            </>
          )}
          {termText(row) && (
            <>
              <dt>任职时间</dt>
              <dd>{termText(row)}</dd>
            </>
          )}
        </dl>
      ) : (
        <div className="leader-card__empty">
          <span className="leader-muted">暂未设置</span>
          {can(LEADER_PERMS.add) && (
            <Button size="small" icon={<PlusOutlined />} onClick={() => open()} data-testid={`${testId}-add`}>
              设置{name}
            </Button>
          )}
        </div>
      )}
      {dialog}
    </Card>
  );
}

/** One year's team: the three cards, then the four ordered lists. */
export function YearTeam({ deptId, year, testId }: Team) {
  const team = { deptId, year, testId };
  return (
    <div className="leader-team" data-testid={`${testId}-year-${year}`}>
      <div className="leader-cards">
        {SINGLES.map((t) => (
          <LeaderCard key={t} team={team} type={t} />
        ))}
      </div>
      {LISTS.map((t) => (
        <LeaderTable key={t} team={team} type={t} />
      ))}
    </div>
  );
}

/**
 * 领导班子 of one org: a tab per year that has a team (year-list), any other year opened by 其他年度,
 * and 沿用上届 (multiplexing) copying the latest earlier team into the year shown after a confirmation
 * (replacing what that year holds, when the user agrees to it).
 */
export function LeadershipBoard({ deptId, deptName, testId = 'leader' }: { deptId: string; deptName?: string | null; testId?: string }) {
  const can = useCan();
  const { modal } = App.useApp();
  const client = useQueryClient();
  const years = useYearList(deptId);
  const thisYear = new Date().getFullYear();
  const [picked, setPicked] = useState<number>();
  const [other, setOther] = useState<number | null>(null);
  const year = picked ?? (years.data ? defaultYear(years.data, thisYear) : undefined);
  const tabs = useMemo(() => yearTabs(years.data ?? [], year), [years.data, year]);
  useEffect(() => setPicked(undefined), [deptId]);

  const copy = useMutation({
    mutationFn: multiplexing,
    onSettled: () =>
      Promise.all([client.invalidateQueries({ queryKey: associationKeys.team(deptId) }), client.invalidateQueries({ queryKey: associationKeys.lower })]),
  });

  const askCopy = () => {
    if (year === undefined) return;
    const from = sourceYearFor(years.data ?? [], year);
    if (!from) {
      toast.warning('没有可沿用的往届领导班子');
      return;
    }
    const existing = countOf(years.data ?? [], year);
    confirmAction(modal, {
      okTestId: `${testId}-copy-ok`,
      content: (
        <div data-testid={`${testId}-copy-confirm`}>
          <p>
            确定将{from.year}年度的领导班子({from.leaderCount}人)沿用到{year}年度?
          </p>
          {existing > 0 && (
            <p className="leader-warning">
              {year}年度已有{existing}名成员,沿用后将被替换。
            </p>
          )}
        </div>
      ),
      onOk: () =>
        copy.mutateAsync({ deptId, deptName, fromYear: from.year, toYear: year, replace: existing > 0 }).then(
          (answer) => toast.success(`已将${answer.data.fromYear}年度的${answer.data.copied}名成员沿用到${answer.data.toYear}年度`),
          (error) => {
            tellUnhandled(error);
            throw error;
          },
        ),
    });
  };

  if (years.isPending) return <Spin data-testid={`${testId}-loading`} />;
  if (years.isError) return <LoadError onRetry={years.refetch} testId={`${testId}-error`} />;
  return (
    <div className="leader-board" data-testid={testId}>
      <Tabs
        activeKey={String(year)}
        onChange={(k) => setPicked(Number(k))}
        items={tabs.map((t) => ({
          key: String(t.year),
          label: (
            <span data-testid={`${testId}-tab-${t.year}`}>
              {t.year}年<span className="leader-tab__count">({t.leaderCount}人)</span>
            </span>
          ),
        }))}
        tabBarExtraContent={
          <Space wrap className="leader-board__tools">
            <Space.Compact>
              <InputNumber<number>
                min={LEADER_YEAR_MIN}
                max={LEADER_YEAR_MAX}
                precision={0}
                placeholder="其他年度"
                value={other}
                onChange={setOther}
                onPressEnter={() => other && setPicked(other)}
                aria-label="其他年度"
                data-testid={`${testId}-other-year`}
                style={{ width: 110 }}
              />
              <Button onClick={() => other && setPicked(other)} disabled={!other} data-testid={`${testId}-other-year-open`}>
                打开
              </Button>
            </Space.Compact>
            {can(LEADER_PERMS.multiplex) && (
              <Button icon={<CopyOutlined />} onClick={askCopy} loading={copy.isPending} data-testid={`${testId}-copy`}>
                沿用上届
              </Button>
            )}
          </Space>
        }
      />
      {year !== undefined && <YearTeam key={`${deptId}-${year}`} deptId={deptId} year={year} testId={testId} />}
    </div>
  );
}
