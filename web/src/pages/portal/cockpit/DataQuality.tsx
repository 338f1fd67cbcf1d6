import { useState } from 'react';
import { Alert, Breadcrumb, Button, Progress, Table, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { MEMBER_KINDS, QUALITY_ISSUES, QUALITY_ISSUE_HINTS, QUALITY_ISSUE_LABELS, STALE_TEXT, type QualityIssue } from '@gsl/contract';
import { useQualityList, type QualityRow } from '../../../api/portal/cockpit';
import { CockpitNav } from './CockpitNav';
import { RecordsDrawer, type Drill } from './RecordsDrawer';
import './cockpit.css';

const RATE: Record<QualityIssue, keyof QualityRow> = { missing: 'missingRate', invalid: 'invalidRate', duplicate: 'duplicateRate', stale: 'staleRate' };

/**
 * 数据质量 (/portal/cockpit/dataquality, portal/dataquality/list): per org of the scope — the viewer's own
 * level and each subordinate federation — the member records with missing required fields, invalid credit
 * codes, duplicates and stale data, as counts and shares; a count opens those records, an org's name
 * goes down to the orgs below it.
 */
export default function DataQualityPage() {
  const [path, setPath] = useState<Array<{ deptId: string; name: string }>>([]);
  const current = path.at(-1);
  const list = useQualityList(current?.deptId);
  const [drill, setDrill] = useState<Drill>();

  const columns: ColumnsType<QualityRow> = [
    {
      key: 'deptName',
      dataIndex: 'deptName',
      title: '组织',
      render: (name: string, row) =>
        row.own ? (
          name
        ) : (
          <Button
            type="link"
            style={{ padding: 0 }}
            onClick={() => setPath((p) => [...p, { deptId: row.deptId, name }])}
            data-testid={`quality-org-${row.deptId}`}
          >
            {name}
          </Button>
        ),
    },
    {
      key: 'total',
      dataIndex: 'total',
      title: '会员数',
      width: 110,
      render: (n: number, row) => (
        <Button
          type="link"
          style={{ padding: 0 }}
          onClick={() => setDrill({ title: `${row.deptName} · 会员`, filter: { deptId: row.deptId, own: row.own }, kinds: [...MEMBER_KINDS] })}
        >
          {n}
        </Button>
      ),
    },
    ...QUALITY_ISSUES.map((issue): ColumnsType<QualityRow>[number] => ({
      key: issue,
      title: (
        <Tooltip title={QUALITY_ISSUE_HINTS[issue]}>
          <span>{QUALITY_ISSUE_LABELS[issue]}</span>
        </Tooltip>
      ),
      width: 180,
      render: (_: unknown, row) => {
        const n = row[issue];
        const rate = Number(row[RATE[issue]]);
        return (
          <div>
            <Button
              type="link"
              style={{ padding: 0 }}
              disabled={n === 0}
              aria-label={`${row.deptName}${QUALITY_ISSUE_LABELS[issue]} ${n} 条,查看记录`}
              onClick={() =>
                setDrill({
                  title: `${row.deptName} · ${QUALITY_ISSUE_LABELS[issue]}`,
                  filter: { deptId: row.deptId, own: row.own, issue },
                  kinds: [...MEMBER_KINDS],
                })
              }
              data-testid={`quality-${issue}-${row.deptId}${row.own ? '-own' : ''}`}
            >
              {n}
            </Button>
            <Progress
              percent={Math.round(rate * 1000) / 10}
              size="small"
              status={rate > 0.2 ? 'exception' : 'normal'}
              aria-label={`${QUALITY_ISSUE_LABELS[issue]}占比`}
            />
          </div>
        );
      },
    })),
  ];

  return (
    <div data-testid="cockpit-quality">
      <CockpitNav />
      <div className="quality-page">
        <Typography.Title level={2} style={{ fontSize: 20 }}>
          数据质量
        </Typography.Title>
        <Typography.Paragraph type="secondary">
          按组织统计会员信息的必填缺失、统一社会信用代码错误、疑似重复和{STALE_TEXT}的记录;点击数字查看需要修正的记录,点击组织名称查看其下级。
        </Typography.Paragraph>
        <Breadcrumb
          style={{ marginBottom: 12 }}
          items={[
            { key: 'root', title: path.length ? <a onClick={() => setPath([])}>本组织</a> : '本组织' },
            ...path.map((p, i) => ({
              key: p.deptId,
              title: i === path.length - 1 ? p.name : <a onClick={() => setPath((all) => all.slice(0, i + 1))}>{p.name}</a>,
            })),
          ]}
        />
        {list.isError ? (
          <Alert type="error" showIcon title="数据质量加载失败" />
        ) : (
          <Table<QualityRow>
            data-testid="quality-table"
            rowKey={(r) => `${r.deptId}-${r.own}`}
            size="middle"
            loading={list.isFetching}
            columns={columns}
            dataSource={list.data ?? []}
            pagination={false}
            locale={{ emptyText: '暂无会员数据' }}
          />
        )}
      </div>
      <RecordsDrawer drill={drill} onClose={() => setDrill(undefined)} />
    </div>
  );
}
