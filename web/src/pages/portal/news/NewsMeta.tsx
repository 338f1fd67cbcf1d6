import { Space, Tag, Typography } from 'antd';
import { NEWS_MENTION_LABELS, type NewsItemView } from '@gsl/contract';

/** The orgs and members an item names, and the keywords it matched. */
export function NewsTags({ item }: { item: Pick<NewsItemView, 'mentions' | 'keywords'> }) {
  if (!item.mentions.length && !item.keywords.length) return null;
  return (
    <Space size={[4, 4]} wrap aria-label="提及的组织、会员与关键词">
      {item.mentions.map((m) => (
        <Tag key={`${m.kind}-${m.refId}`} color={m.kind === 'org' ? 'blue' : 'green'} title={NEWS_MENTION_LABELS[m.kind]}>
          {m.name}
        </Tag>
      ))}
      {item.keywords.map((k) => (
        <Tag key={`k-${k}`} color="gold">
          {k}
        </Tag>
      ))}
    </Space>
  );
}

/** 来源 · 发布时间 (· 手工录入). */
export function NewsByline({ item }: { item: Pick<NewsItemView, 'sourceName' | 'infoTime' | 'isManual' | 'author'> }) {
  return (
    <Typography.Text type="secondary">
      {[item.sourceName ?? '未知来源', item.author, item.infoTime, item.isManual ? '手工录入' : null].filter(Boolean).join(' · ')}
    </Typography.Text>
  );
}
