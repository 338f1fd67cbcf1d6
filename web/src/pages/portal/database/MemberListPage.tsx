import { useState } from 'react';
import { Button } from 'antd';
import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { MEMBER_FIELD_LABELS, MEMBER_KIND_LABELS, type MemberKind } from '@gsl/contract';
import type { QueryValue } from '../../../api/http';
import { MEMBER_APIS, MEMBER_PERMISSION, exportMembers, type MemberRow } from '../../../api/member';
import { useCan } from '../../../components/Access';
import { CrudTable } from '../../../components/crud/CrudTable';
import { useExport } from '../../../components/useExport';
import { ChangeLogDrawer } from './ChangeLog';
import { DatabaseNav } from './DatabaseNav';
import { memberBody, memberColumns, memberFields, memberFormValues, memberSearch } from './kinds';
import { MemberDetailDrawer } from './MemberDetail';
import { MemberImportDialog } from './MemberImportDialog';
import { RepresentativesDrawer } from './Representatives';
import './database.css';

type Target = { id: string; name: string } | undefined;

/**
 * 企业会员 / 团体会员 / 个人会员 as business applications (业务应用): search by name, credit
 * code (certificate number for persons, matched exactly), status, region and join-date range; the
 * table with personal data as the server answers it (masked without 查看敏感信息); 新增 / 编辑 (the
 * contract's checks: checksummed codes, the phone rule; updates carry `version`), 删除 with
 * confirmation; 导入 (template, dry run, error workbook); 导出 (the current search as xlsx, streamed by the server; the bytes received are
 * shown while it downloads); per row 详情 (the name is its link), 会员代表 (enterprises and groups) and 变更记录 — each
 * button behind its permission code.
 */
export function MemberListPage({ kind }: { kind: MemberKind }) {
  const can = useCan();
  const code = MEMBER_PERMISSION[kind];
  const [detail, setDetail] = useState<string>();
  const [history, setHistory] = useState<Target>();
  const [reps, setReps] = useState<Target>();
  const fields = memberFields(kind);
  const pick = (row: MemberRow) => ({ id: row.id, name: row.name });
  const { exporting, exportFile } = useExport(MEMBER_KIND_LABELS[kind], `${kind}-export`);
  const [importing, setImporting] = useState(false);
  const client = useQueryClient();
  const canImport = can(`${code}_import`);

  return (
    <div className="member-db" data-testid={`member-${kind}`}>
      <DatabaseNav />
      <CrudTable<MemberRow, Record<string, unknown>>
        testId={kind}
        api={MEMBER_APIS[kind]}
        columns={memberColumns(kind, (row) => setDetail(row.id))}
        fields={fields}
        search={memberSearch(kind)}
        dateRange={{ name: 'joinDate', label: MEMBER_FIELD_LABELS[kind].joinDate }}
        permissions={{ add: `${code}_add`, edit: `${code}_edit`, delete: `${code}_delete` }}
        toFormValues={(row) => memberFormValues(kind, row)}
        addValues={() => (kind === 'person' ? { certType: 1, status: 1 } : { status: 1 })}
        fromFormValues={(values, row) => memberBody(values, Boolean(row))}
        labelWidth={130}
        toolbar={
          canImport || can(`${code}_export`)
            ? (_ids, filters) => (
                <>
                  {canImport && (
                    <Button icon={<UploadOutlined />} onClick={() => setImporting(true)} data-testid={`${kind}-import`}>
                      导入
                    </Button>
                  )}
                  {can(`${code}_export`) && (
                    <Button
                      icon={<DownloadOutlined />}
                      loading={exporting}
                      onClick={() => void exportFile((onProgress) => exportMembers(kind, filters as Record<string, QueryValue>, onProgress))}
                      data-testid={`${kind}-export`}
                    >
                      导出
                    </Button>
                  )}
                </>
              )
            : undefined
        }
        // 详情 is the name's link (the detail offers 变更记录 and 会员代表 too)
        rowActionLabels={[...(kind !== 'person' ? ['会员代表'] : []), ...(can('member_log') ? ['变更记录'] : [])]}
        rowActions={(row) => (
          <>
            {kind !== 'person' && (
              <Button type="link" size="small" onClick={() => setReps(pick(row))} data-testid={`${kind}-reps-${row.id}`}>
                会员代表
              </Button>
            )}
            {can('member_log') && (
              <Button type="link" size="small" onClick={() => setHistory(pick(row))} data-testid={`${kind}-history-${row.id}`}>
                变更记录
              </Button>
            )}
          </>
        )}
      />
      <MemberDetailDrawer
        kind={kind}
        id={detail}
        onClose={() => setDetail(undefined)}
        onHistory={(row) => setHistory(pick(row))}
        onReps={(row) => setReps(pick(row))}
      />
      {canImport && (
        <MemberImportDialog
          kind={kind}
          open={importing}
          onClose={() => setImporting(false)}
          onImported={() => void client.invalidateQueries({ queryKey: ['member', kind] })}
        />
      )}
      <ChangeLogDrawer tag={kind} record={history} onClose={() => setHistory(undefined)} />
      {kind !== 'person' && <RepresentativesDrawer kind={kind} member={reps} onClose={() => setReps(undefined)} />}
    </div>
  );
}
