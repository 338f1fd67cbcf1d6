import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Empty, Input, Space, Spin, Tag, Typography } from 'antd';
import { NEWS_KEYWORD_MAX, NEWS_MSG } from '@gsl/contract';
import { addKeyword, newsKeys, removeKeyword, useNewsKeywords } from '../../../api/news/news';
import { useCan } from '../../../components/Access';

/** 监测关键词: free words an item may name besides the orgs' and members' names (matched automatically). */
export function KeywordCard() {
  const can = useCan();
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const keywords = useNewsKeywords();
  const [text, setText] = useState('');
  const [error, setError] = useState<string>();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: newsKeys.keywords });
  const add = async () => {
    const keyword = text.trim();
    if (!keyword) return setError(NEWS_MSG.keywordRequired);
    setError(undefined);
    try {
      message.success(await addKeyword(keyword));
      setText('');
      refresh();
    } catch {
      /* the client showed the server's message */
    }
  };
  return (
    <Card size="small" title="监测关键词" style={{ marginBottom: 12 }} data-testid="news-keywords">
      <Typography.Paragraph type="secondary">组织(工商联、商会、协会)与企业会员、团体会员的名称会自动匹配,无需在此添加。</Typography.Paragraph>
      {can('news_source_edit') && (
        <Space.Compact style={{ maxWidth: 420, marginBottom: 12 }}>
          <Input
            aria-label="新关键词"
            placeholder="输入关键词,如 民营经济"
            maxLength={NEWS_KEYWORD_MAX}
            value={text}
            status={error ? 'error' : undefined}
            onChange={(e) => setText(e.target.value)}
            onPressEnter={() => void add()}
            data-testid="news-keyword-input"
          />
          <Button type="primary" onClick={() => void add()} data-testid="news-keyword-add">
            添加
          </Button>
        </Space.Compact>
      )}
      {error && (
        <div role="alert" style={{ color: '#cf1322', marginBottom: 8 }}>
          {error}
        </div>
      )}
      {keywords.isError ? (
        <Alert type="error" showIcon title="关键词加载失败" />
      ) : (
        <Spin spinning={keywords.isFetching}>
          {(keywords.data ?? []).length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={keywords.isPending ? '加载中' : '暂无关键词'} />
          ) : (
            <Space wrap>
              {(keywords.data ?? []).map((k) => (
                <Tag
                  key={k.id}
                  closable={can('news_source_delete')}
                  closeIcon={<span aria-label={`删除关键词 ${k.keyword}`}>×</span>}
                  onClose={(e) => {
                    e.preventDefault();
                    modal.confirm({
                      title: '确定将选择数据删除?',
                      onOk: async () => {
                        await removeKeyword(k.id);
                        message.success('删除成功');
                        refresh();
                      },
                    });
                  }}
                >
                  {k.keyword}
                </Tag>
              ))}
            </Space>
          )}
        </Spin>
      )}
    </Card>
  );
}
