import { useEffect, useId, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { Alert, Button, Empty, Input, Popconfirm, Skeleton, Space, Tag } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { HOMEPAGE_MSG, HOMEPAGE_TYPES, HOMEPAGE_TYPE_NAMES, HOMEPAGE_LINES_MAX } from '@gsl/contract';
import { failureText } from './api';
import { homepageKey, publishHomepage, saveHomepage, unpublishHomepage, useHomepage, type AiHomepage, type HomepageType, type ResumeLine } from './aiHomeApi';
import './aiHome.css';
import { useModelQuery } from './modelQuery';

/** The page type of a hash path /ai-homepage-{type}, or undefined for an unknown one. */
export const homepageTypeOf = (pathname: string): HomepageType | undefined => {
  const t = /^\/ai-homepage-([\w-]+)$/.exec(pathname)?.[1];
  return (HOMEPAGE_TYPES as readonly string[]).includes(t ?? '') ? (t as HomepageType) : undefined;
};

const statusText = (h: AiHomepage, dirty: boolean) =>
  dirty
    ? '有未保存的修改'
    : h.published
      ? h.changedSincePublish
        ? `已发布(${h.publishedBy ?? ''},${h.publishTime ?? ''}),有修改未重新发布`
        : `已发布(${h.publishedBy ?? ''},${h.publishTime ?? ''})`
      : h.version === 0
        ? '未发布·草稿未保存(仅本组织及上级可见)'
        : '未发布(仅本组织及上级可见)';

function Section({ title, children, testId, level }: { title: string; children: ReactNode; testId: string; level: 2 | 4 }) {
  const id = useId();
  const H = level === 2 ? 'h2' : 'h4';
  return (
    <section className="aihome-section" aria-labelledby={id} data-testid={testId}>
      <H id={id} className="aihome-section__title">
        {title}
      </H>
      {children}
    </section>
  );
}

/** The introduction's sentences, each with the fields it came from (read-only). */
function Introduction({ lines, labels }: { lines: ResumeLine[]; labels: Record<string, string> }) {
  if (!lines.length) return <Empty description="暂无简介" />;
  return (
    <ol className="aihome-intro" data-testid="aihome-intro">
      {lines.map((l, i) => (
        <li key={i} className="aihome-intro__line">
          <p className="aihome-intro__text">{l.text}</p>
          <p className="aihome-intro__sources">来源:{l.sources.length ? l.sources.map((s) => labels[s] ?? s).join('、') : '人工编写'}</p>
        </li>
      ))}
    </ol>
  );
}

/** The editor of the introduction: each sentence in a labelled text box, removable; sentences can be added. */
function IntroEditor({ lines, labels, onChange }: { lines: ResumeLine[]; labels: Record<string, string>; onChange: (lines: ResumeLine[]) => void }) {
  return (
    <div className="aihome-editor" data-testid="aihome-editor">
      <ol className="aihome-intro">
        {lines.map((l, i) => (
          <li key={i} className="aihome-intro__line">
            <label className="aihome-editor__label" htmlFor={`aihome-line-${i}`}>
              简介第{i + 1}句
            </label>
            <Input.TextArea
              id={`aihome-line-${i}`}
              value={l.text}
              autoSize={{ minRows: 1, maxRows: 6 }}
              maxLength={500}
              onChange={(e) => onChange(lines.map((x, j) => (j === i ? { ...x, text: e.target.value } : x)))}
            />
            <div className="aihome-editor__row">
              <span className="aihome-intro__sources">来源:{l.sources.length ? l.sources.map((s) => labels[s] ?? s).join('、') : '人工编写'}</span>
              <Button
                size="small"
                type="link"
                danger
                aria-label={`删除简介第${i + 1}句`}
                onClick={() => onChange(lines.filter((_, j) => j !== i))}
                disabled={lines.length <= 1}
              >
                删除
              </Button>
            </div>
          </li>
        ))}
      </ol>
      <Button size="small" onClick={() => onChange([...lines, { text: '', sources: [] }])} disabled={lines.length >= HOMEPAGE_LINES_MAX}>
        添加一句
      </Button>
    </div>
  );
}

/**
 * An org's AI home page (README deviation 62): its introduction (generated from the org profile, each sentence
 * with its sources, labelled 「AI生成」), leadership, member figures, latest news and contact. The org's own
 * staff (canEdit) edit the introduction unless `noEdit`, save it at the version read, publish and withdraw.
 */
export function AiHomeView({
  deptId,
  type,
  noEdit = false,
  headingLevel = 1,
  extra,
}: {
  deptId: string;
  type?: HomepageType;
  noEdit?: boolean;
  /** The org's name as h1 (the /model page) or h3 (inside a portal screen); its sections one level below. */
  headingLevel?: 1 | 3;
  extra?: (h: AiHomepage) => ReactNode;
}) {
  const q = useHomepage(deptId, type);
  const client = useQueryClient();
  const data = q.data;
  const [lines, setLines] = useState<ResumeLine[] | null>(null);
  const [busy, setBusy] = useState<'save' | 'publish' | 'unpublish' | null>(null);
  const [note, setNote] = useState<{ type: 'success' | 'error'; text: string } | null>(null);
  const headId = useId();

  useEffect(() => {
    if (data) setLines(data.lines);
  }, [data]);

  if (q.isPending)
    return (
      <div role="status" aria-label="AI主页加载中">
        <Skeleton active paragraph={{ rows: 8 }} />
      </div>
    );
  if (q.isError)
    return (
      <Alert
        type="error"
        showIcon
        title="AI主页加载失败"
        description={failureText(q.error)}
        action={
          <Button size="small" onClick={() => void q.refetch()}>
            重试
          </Button>
        }
      />
    );
  if (!data || !lines) return <Empty description="暂无AI主页内容" />;

  const editing = data.canEdit && !noEdit;
  const dirty = JSON.stringify(lines) !== JSON.stringify(data.lines);
  const Heading = headingLevel === 1 ? 'h1' : 'h3';
  const sub = headingLevel === 1 ? 2 : 4;
  const stored = (h: AiHomepage, msg: string) => {
    client.setQueryData(homepageKey(deptId, type ?? ''), h);
    setNote({ type: 'success', text: msg });
  };
  const save = async (): Promise<AiHomepage | null> => {
    if (lines.some((l) => !l.text.trim())) {
      setNote({ type: 'error', text: HOMEPAGE_MSG.lineRequired });
      return null;
    }
    setBusy('save');
    try {
      const res = await saveHomepage({ deptId: data.deptId, version: data.version, lines, ...(data.version === 0 ? { method: data.generator.method } : {}) });
      stored(res.data, res.msg || HOMEPAGE_MSG.saved);
      return res.data;
    } catch (e) {
      setNote({ type: 'error', text: failureText(e) });
      return null;
    } finally {
      setBusy(null);
    }
  };
  const publish = async () => {
    let current: AiHomepage | null = data;
    if (dirty || data.version === 0) current = await save();
    if (!current) return;
    setBusy('publish');
    try {
      const res = await publishHomepage({ deptId: current.deptId, version: current.version });
      stored(res.data, res.msg || HOMEPAGE_MSG.published);
    } catch (e) {
      setNote({ type: 'error', text: failureText(e) });
    } finally {
      setBusy(null);
    }
  };
  const unpublish = async () => {
    setBusy('unpublish');
    try {
      const res = await unpublishHomepage({ deptId: data.deptId, version: data.version });
      stored(res.data, res.msg || HOMEPAGE_MSG.unpublished);
    } catch (e) {
      setNote({ type: 'error', text: failureText(e) });
    } finally {
      setBusy(null);
    }
  };

  const f = data.figures;
  const figures = [
    { label: '工作人员', value: `${f.staffCount} 人` },
    ...(data.type === 'aoc' ? [{ label: '下级工商联', value: `${f.federationCount} 个` }] : []),
    ...(data.type === 'aoc' || f.chamberCount ? [{ label: '所属商会', value: `${f.chamberCount} 个` }] : []),
    ...(data.type === 'aoc' || f.associationCount ? [{ label: '所属协会', value: `${f.associationCount} 个` }] : []),
    { label: '会员总数', value: `${f.memberCount.total} 个` },
    { label: '企业会员', value: `${f.memberCount.enterprise} 家` },
    { label: '团体会员', value: `${f.memberCount.group} 家` },
    { label: '个人会员', value: `${f.memberCount.person} 名` },
  ];
  const c = data.contact;
  const contacts = [
    { label: '联系人', value: c.contactPerson },
    { label: '联系电话', value: c.contactPhone },
    { label: '电子邮箱', value: c.email },
    { label: '传真', value: c.fax },
    { label: '办公地址', value: c.address },
    { label: '网站', value: c.website },
  ].filter((x) => x.value);

  return (
    <article className="aihome" aria-labelledby={headId} data-testid="aihome">
      <header className="aihome-head">
        <div className="aihome-head__title">
          <Heading id={headId} className="aihome-head__name">
            {data.orgName}
          </Heading>
          <Tag className="aihome-type">{data.typeName}</Tag>
          <Tag color="purple" className="aihome-ai-mark" data-testid="ai-mark" title={`简介由${data.generator.model}生成于${data.generator.generatedAt}`}>
            {HOMEPAGE_MSG.aiMark}
          </Tag>
        </div>
        <p className="aihome-head__meta">
          {[data.parentName && `上级组织:${data.parentName}`, data.regionName && `所在地区:${data.regionName}`].filter(Boolean).join(' · ')}
        </p>
        <p className="aihome-status" data-testid="aihome-status" role="status">
          {data.published ? <Tag color="green">已发布</Tag> : <Tag>未发布</Tag>}
          {statusText(data, dirty)}
        </p>
        {extra?.(data)}
      </header>

      <Section level={sub} title="组织简介" testId="aihome-section-intro">
        <p className="aihome-notice">
          本简介由{data.generator.model}根据组织档案、领导班子和会员数据自动生成(「AI生成」),每句注明来源字段{editing ? ',可修改后保存并发布' : ''}。
        </p>
        {editing ? <IntroEditor lines={lines} labels={data.fieldLabels} onChange={setLines} /> : <Introduction lines={lines} labels={data.fieldLabels} />}
        {note && (
          <Alert
            className="aihome-note"
            type={note.type}
            showIcon
            title={note.text}
            role={note.type === 'error' ? 'alert' : 'status'}
            closable
            onClose={() => setNote(null)}
          />
        )}
        {editing && (
          <Space className="aihome-actions" wrap>
            <Button onClick={() => void save()} loading={busy === 'save'} disabled={!dirty || busy !== null} data-testid="aihome-save">
              保存
            </Button>
            <Popconfirm
              title="确认发布AI主页?"
              description="发布后,本组织所在条线(上级和下级组织)的用户都可以查看本主页。"
              okText="确认发布"
              cancelText="取消"
              onConfirm={() => publish()}
            >
              <Button
                type="primary"
                loading={busy === 'publish'}
                disabled={busy !== null || (data.published && !data.changedSincePublish && !dirty)}
                data-testid="aihome-publish"
              >
                {data.published ? '重新发布' : '发布'}
              </Button>
            </Popconfirm>
            {data.published && (
              <Popconfirm title="确认撤回发布?" description="撤回后仅本组织及上级可见。" okText="确认撤回" cancelText="取消" onConfirm={() => unpublish()}>
                <Button danger loading={busy === 'unpublish'} disabled={busy !== null} data-testid="aihome-unpublish">
                  撤回发布
                </Button>
              </Popconfirm>
            )}
          </Space>
        )}
      </Section>

      <div className="aihome-grid">
        <Section level={sub} title="领导班子" testId="aihome-section-leaders">
          {data.leaders.length ? (
            <ul className="aihome-list">
              {data.leaders.map((l, i) => (
                <li key={i}>
                  <span className="aihome-list__label">{l.post}</span>
                  <span>{l.name}</span>
                </li>
              ))}
            </ul>
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无领导班子信息" />
          )}
        </Section>

        <Section level={sub} title="会员数据" testId="aihome-section-figures">
          <dl className="aihome-figures">
            {figures.map((x) => (
              <div key={x.label} className="aihome-figure">
                <dt>{x.label}</dt>
                <dd>{x.value}</dd>
              </div>
            ))}
          </dl>
        </Section>

        <Section level={sub} title="最新动态" testId="aihome-section-news">
          {data.news.length ? (
            <ul className="aihome-news">
              {data.news.map((n) => (
                <li key={n.id}>
                  {n.link ? (
                    <a href={n.link} target="_blank" rel="noopener noreferrer">
                      {n.title}
                    </a>
                  ) : (
                    <span>{n.title}</span>
                  )}
                  <span className="aihome-news__meta">
                    {n.sourceName ? `${n.sourceName} · ` : ''}
                    {n.infoTime.slice(0, 10)}
                  </span>
                </li>
              ))}
            </ul>
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无提及本组织的新闻" />
          )}
        </Section>

        <Section level={sub} title="联系方式" testId="aihome-section-contact">
          {contacts.length ? (
            <dl className="aihome-contact">
              {contacts.map((x) => (
                <div key={x.label} className="aihome-figure">
                  <dt>{x.label}</dt>
                  <dd>{x.value}</dd>
                </div>
              ))}
            </dl>
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂未填写联系方式" />
          )}
        </Section>
      </div>
      <p className="aihome-footer">
        查看人:{data.viewerName}
        {data.updateTime ? ` · 最后更新:${data.updateTime}` : ''}
      </p>
    </article>
  );
}

/**
 * /model/#/ai-homepage-{aoc|coc|assoc}?deptId=… (cocId for a chamber; the viewer's own org without either;
 * noEdit for a read-only view): the org's AI home page.
 */
export default function AiHome() {
  const { pathname } = useLocation();
  const query = useModelQuery();
  const type = homepageTypeOf(pathname);
  const deptId = query.deptId ?? '';
  const { noEdit } = query;
  return (
    <main className="aihome-page" data-testid="aihome-page">
      {type ? (
        <AiHomeView deptId={deptId} type={type} noEdit={noEdit} />
      ) : (
        <Empty description={`AI主页的类型只能是:${HOMEPAGE_TYPES.map((t) => `${t}(${HOMEPAGE_TYPE_NAMES[t]})`).join('、')}`} />
      )}
    </main>
  );
}
