import { Card, Empty, Pagination, Skeleton, Tag, Timeline } from 'antd';
import { useCrudList } from '../../../../api/crud';
import { versionLogApi } from '../../../../api/system/versionLog';
import { LoadError } from '../../../../components/LoadError';
import { TABLE_PAGINATION_DEFAULTS, usePagination } from '../../../../components/pagination';
import { releaseOf } from './versionListLogic';
import './versionList.css';

/**
 * 版本更新日志 (specification §2 /portal/myDay/versionList, §7 system "versionupdatelog: POST page"): the
 * product's releases as a timeline, newest first — version, day, type, title and what changed — paged.
 * Every signed-in user reads it; administrators write it under 系统管理.
 */
export default function VersionListPage() {
  const { query, pagination } = usePagination();
  const list = useCrudList(versionLogApi, query);
  const releases = (list.data?.records ?? []).map(releaseOf);
  const paging = pagination(list.data?.total);
  return (
    <Card title={<h1 className="versions__h1">版本更新日志</h1>} data-testid="versions">
      {list.isPending ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : list.isError && !list.data ? (
        <LoadError onRetry={list.refetch} testId="versions-error" />
      ) : releases.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无版本更新记录" data-testid="versions-empty" />
      ) : (
        <>
          <Timeline
            className="versions"
            items={releases.map((r) => ({
              key: r.id,
              color: r.color === 'default' ? 'gray' : r.color,
              content: (
                <article className="versions__item" data-testid={`versions-${r.id}`} aria-labelledby={`versions-${r.id}-title`}>
                  <h2 className="versions__title" id={`versions-${r.id}-title`}>
                    <span className="versions__no">{r.version}</span>
                    {r.title}
                  </h2>
                  <div className="versions__meta">
                    {r.day && <time dateTime={r.day}>{r.day}</time>}
                    {r.type && <Tag color={r.color}>{r.type}</Tag>}
                  </div>
                  <ul className="versions__lines">
                    {r.lines.map((line, i) => (
                      <li key={i}>{line}</li>
                    ))}
                  </ul>
                </article>
              ),
            }))}
          />
          <Pagination
            {...TABLE_PAGINATION_DEFAULTS}
            current={paging.current}
            pageSize={paging.pageSize}
            total={paging.total}
            onChange={paging.onChange}
            align="end"
            data-testid="versions-pages"
          />
        </>
      )}
    </Card>
  );
}
