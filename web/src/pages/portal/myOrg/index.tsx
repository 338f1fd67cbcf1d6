import { useId } from 'react';
import { useNavigate } from 'react-router';
import { Alert, Button, Card, Descriptions, Empty, Progress, Skeleton, Tag } from 'antd';
import { useMyOrgCard } from '../../../api/myorg/org';
import { useCan } from '../../../components/Access';
import { LoadError } from '../../../components/LoadError';
import { menuIcon } from '../../../app/shell/menuIcons';
import { entriesOf, figuresOf, progressOf } from './home/homeLogic';
import './home/myOrgHome.css';

const shown = (v: string | null | undefined) => v || '-';

/**
 * 我的组织 (specification §2 /portal/myOrg index): the own org's card — its names, category and level, region,
 * the org above it, the person in charge and how to reach it, and how many staff, orgs below and members it
 * has (portal/myOrg, real counts) — the guided completion of its information while that is unfinished, and
 * the entries to the screens of 我的组织 the user is granted.
 */
export default function MyOrgPage() {
  const card = useMyOrgCard();
  const can = useCan();
  const navigate = useNavigate();
  const entries = entriesOf(can);
  const titleId = useId();
  const entriesId = useId();

  let body;
  if (card.isPending) body = <Skeleton active paragraph={{ rows: 5 }} data-testid="myorg-loading" />;
  else if (card.isError) body = <LoadError message="本组织信息加载失败" onRetry={card.refetch} testId="myorg-error" />;
  else {
    const c = card.data;
    const progress = progressOf(c);
    const unfinished = c.profileFilled < c.profileTotal;
    body = (
      <>
        <header className="myorg-card__head">
          <h2 id={titleId} className="myorg-card__name" data-testid="myorg-name">
            {c.orgName}
          </h2>
          {c.deptCategoryName && <Tag color="blue">{c.deptCategoryName}</Tag>}
          {c.regionLevelName && <Tag>{c.regionLevelName}</Tag>}
        </header>
        <Descriptions
          size="small"
          column={{ xs: 1, md: 2, xl: 3 }}
          data-testid="myorg-facts"
          items={[
            { key: 'region', label: '所在地区', children: shown(c.regionName) },
            { key: 'parent', label: '上级组织', children: shown(c.parentName) },
            { key: 'representative', label: '负责人', children: shown(c.representative) },
            { key: 'contactPerson', label: '联系人', children: shown(c.contactPerson) },
            { key: 'contactPhone', label: '联系电话', children: shown(c.contactPhone) },
            { key: 'address', label: '办公地址', children: shown(c.address) },
          ]}
        />
        <dl className="myorg-figures" data-testid="myorg-figures">
          {figuresOf(c).map((f) => (
            <div key={f.key} className="myorg-figure" data-testid={`myorg-figure-${f.key}`}>
              <dt>{f.label}</dt>
              <dd>
                <span className="myorg-figure__value">{f.value}</span>
                {f.note && <span className="myorg-figure__note">{f.note}</span>}
              </dd>
            </div>
          ))}
        </dl>
        {can('profile_org') && (
          <div className="myorg-progress" data-testid="myorg-progress">
            <span id={`${titleId}-progress`}>组织信息完善度</span>
            <Progress percent={progress} size="small" aria-labelledby={`${titleId}-progress`} className="myorg-progress__bar" />
            {unfinished && can('profile_org_edit') ? (
              <Alert
                type="info"
                showIcon
                title={c.profileId ? `组织信息尚未完善(已填写 ${c.profileFilled}/${c.profileTotal} 项)` : '本组织尚未建立组织档案'}
                action={
                  <Button type="primary" size="small" onClick={() => navigate('/portal/myOrg/guidance')} data-testid="myorg-guidance">
                    {c.profileId ? '继续填报' : '开始填报'}
                  </Button>
                }
              />
            ) : (
              <Button size="small" onClick={() => navigate('/portal/myOrg/detail')} data-testid="myorg-detail">
                查看组织信息
              </Button>
            )}
          </div>
        )}
      </>
    );
  }

  return (
    <div className="myorg-home" data-testid="myorg">
      <Card className="myorg-card" aria-labelledby={card.isSuccess ? titleId : undefined} aria-busy={card.isPending}>
        {body}
      </Card>
      <Card title={<span id={entriesId}>组织管理</span>} className="myorg-entries" data-testid="myorg-entries">
        {entries.length === 0 ? (
          <Empty description="暂无可用的功能" />
        ) : (
          <ul className="myorg-entries__grid" aria-labelledby={entriesId}>
            {entries.map((e) => (
              <li key={e.code}>
                <button type="button" className="myorg-entry" onClick={() => navigate(e.path)} data-testid={`myorg-entry-${e.code}`}>
                  <span className="myorg-entry__icon" aria-hidden>
                    {menuIcon(e.source)}
                  </span>
                  <span className="myorg-entry__name">{e.name}</span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}
