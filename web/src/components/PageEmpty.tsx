import { Empty } from 'antd';

/**
 * The honest empty state of a screen whose content arrives in a later issue: it names the screen
 * and says what will be shown there, and shows no made-up data.
 */
export function PageEmpty({ title, note }: { title: string; note?: string }) {
  return (
    <div className="page-empty" data-testid="page-empty">
      <Empty description={<span>{note ? `${title}：${note}` : `${title}：功能建设中，敬请期待`}</span>} />
    </div>
  );
}
