import { Alert, Descriptions, Drawer, Spin } from 'antd';
import { useLogDetail, type LogKind } from '../../../api/log/bladeLog';
import { detailEntries } from './logFormat';
import './log.css';

/** 详情 of one log row: every column (the list leaves the large ones out), long values in monospace blocks. */
export function LogDetail({ kind, id, open, title, onClose }: { kind: LogKind; id: string | undefined; open: boolean; title: string; onClose: () => void }) {
  const detail = useLogDetail(kind, id);
  const row = detail.data;
  return (
    <Drawer open={open && Boolean(id)} title={`${title}详情`} size={760} onClose={onClose} destroyOnHidden>
      <div data-testid={`log-${kind}-detail`}>
        {!id ? null : detail.isPending ? (
          <div className="log-detail__spin">
            <Spin />
          </div>
        ) : detail.isError || !row ? (
          <Alert type="error" showIcon title="日志详情加载失败" />
        ) : (
          <Descriptions column={1} bordered size="small" styles={{ label: { width: 120 } }}>
            {detailEntries(kind, row).map((entry) => (
              <Descriptions.Item key={entry.key} label={entry.label}>
                {entry.block && entry.text ? (
                  <pre className="log-pre" data-testid={`log-detail-${entry.key}`}>
                    {entry.text}
                  </pre>
                ) : (
                  <span className="log-detail__text" data-testid={`log-detail-${entry.key}`}>
                    {entry.text || '-'}
                  </span>
                )}
              </Descriptions.Item>
            ))}
          </Descriptions>
        )}
      </div>
    </Drawer>
  );
}
