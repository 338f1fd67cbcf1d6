import { useMemo, useState } from 'react';
import { Button } from 'antd';
import { logApi, type LogCommonView, type LogKind } from '../../../api/log/bladeLog';
import { CrudTable } from '../../../components/crud/CrudTable';
import { LOG_COLUMNS } from './columns';
import { LogDetail } from './LogDetail';

const TITLES: Record<LogKind, string> = { usual: '通用日志', api: '接口日志', error: '错误日志' };

/**
 * 通用日志 / 接口日志 / 错误日志 (/monitor/log/usual|api|error, menu codes log_usual, log_api, log_error):
 * read-only lists, newest first, searchable by address, user and time, each row with 详情.
 */
export function LogScreen({ kind }: { kind: LogKind }) {
  const api = useMemo(() => logApi<LogCommonView>(kind), [kind]);
  // The row shown in 详情; kept while the drawer closes.
  const [detail, setDetail] = useState<{ open: boolean; id?: string }>({ open: false });
  const testId = `log-${kind}`;
  return (
    <>
      <CrudTable<LogCommonView, never>
        testId={testId}
        api={api}
        columns={LOG_COLUMNS[kind]}
        search={[
          { name: 'requestUri', label: '请求地址' },
          { name: 'createBy', label: '操作人' },
        ]}
        dateRange={{ name: 'createTime', label: '日志时间' }}
        permissions={{}}
        selectable={false}
        rowActionLabels={['详情']}
        rowActions={(row) => (
          <Button type="link" size="small" onClick={() => setDetail({ open: true, id: row.id })} data-testid={`${testId}-row-detail`}>
            详情
          </Button>
        )}
      />
      <LogDetail kind={kind} id={detail.id} open={detail.open} title={TITLES[kind]} onClose={() => setDetail((d) => ({ ...d, open: false }))} />
    </>
  );
}
