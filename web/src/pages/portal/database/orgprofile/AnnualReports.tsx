import { useState } from 'react';
import { App, Button, Input, Modal, Tag } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { ANNUAL_REPORT_FIELDS } from '@gsl/contract';
import { annualReportApi, annualReportTransition, type AnnualReport, type ProfileRow } from '../../../../api/profile';
import { toast } from '../../../../api/feedback';
import { tellUnhandled } from '../../../../api/http';
import { useCan } from '../../../../components/Access';
import { CrudTable } from '../../../../components/crud/CrudTable';
import { bodyOf, formFieldsOf, formValuesOf } from '../profileKit/fieldKit';
import { confirmAction } from '../../../../components/crud/confirm';

const STATUS_COLORS: Record<number, string> = { 0: 'default', 1: 'processing', 2: 'warning', 3: 'success' };
/** Submitted (waiting for review) and accepted reports are read-only. */
const locked = (status: number) => status === 1 || status === 3;

/**
 * 年报 of an org: the list (year, title, status, submit time, return reason), 新增 / 编辑 / 删除 of
 * drafts (a submitted or accepted report cannot change: the server says 年报已提交,不能修改或删除), 提交
 * of a draft or a returned report, and the review of a submitted one by an org above: 通过, or 退回
 * with a reason — all behind profile_org_report.
 */
export function AnnualReports({ deptId }: { deptId: string }) {
  const can = useCan();
  const { modal } = App.useApp();
  const client = useQueryClient();
  const [returning, setReturning] = useState<AnnualReport>();
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const reportable = can('profile_org_report');
  const done = () => client.invalidateQueries({ queryKey: annualReportApi.queryKey });

  const submit = (row: AnnualReport) =>
    confirmAction(modal, {
      content: `确定提交${row.year}年度年报?提交后不能修改。`,
      okTestId: 'annual-report-submit-confirm',
      onOk: () =>
        annualReportTransition('report', { id: row.id, version: row.version })
          .then(({ msg }) => toast.success(msg), tellUnhandled)
          .finally(done),
    });

  const approve = (row: AnnualReport) =>
    confirmAction(modal, {
      content: `确定审核通过${row.year}年度年报?`,
      okTestId: 'annual-report-approve-confirm',
      onOk: () =>
        annualReportTransition('approve', { id: row.id, version: row.version })
          .then(({ msg }) => toast.success(msg), tellUnhandled)
          .finally(done),
    });

  const sendBack = () => {
    if (!returning) return;
    setBusy(true);
    annualReportTransition('return', { id: returning.id, version: returning.version, reason: reason.trim() || undefined })
      .then(({ msg }) => {
        toast.success(msg);
        setReturning(undefined);
      }, tellUnhandled)
      .finally(() => {
        setBusy(false);
        void done();
      });
  };

  return (
    <>
      <CrudTable<AnnualReport, Record<string, unknown>>
        testId="annual-report"
        api={annualReportApi}
        filters={{ deptId }}
        columns={[
          { key: 'year', dataIndex: 'year', title: '年度', width: 80 },
          { key: 'title', dataIndex: 'title', title: '报告标题', width: 240, ellipsis: true },
          {
            key: 'status',
            dataIndex: 'status',
            title: '状态',
            width: 90,
            render: (_: unknown, r: AnnualReport) => <Tag color={STATUS_COLORS[r.status]}>{r.statusName ?? '-'}</Tag>,
          },
          { key: 'submitTime', dataIndex: 'submitTime', title: '提交时间', width: 170, render: (v: string | null) => v ?? '-' },
          { key: 'returnReason', dataIndex: 'returnReason', title: '退回原因', width: 200, ellipsis: true, render: (v: string | null) => v ?? '-' },
        ]}
        fields={(mode) =>
          formFieldsOf(ANNUAL_REPORT_FIELDS, 'annual-report').map((f) => (mode === 'edit' && f.name === 'year' ? { ...f, input: <Input disabled /> } : f))
        }
        permissions={{ add: 'profile_org_edit', edit: 'profile_org_edit', delete: 'profile_org_delete', view: 'profile_org_view' }}
        toFormValues={(row) => formValuesOf(ANNUAL_REPORT_FIELDS, row as ProfileRow)}
        addValues={() => ({ year: new Date().getFullYear() - 1 })}
        fromFormValues={(values, row) => ({ ...bodyOf(values, Boolean(row)), deptId })}
        labelWidth={96}
        rowActionLabels={reportable ? ['通过', '退回'] : []}
        rowAllows={(row) => ({ edit: !locked(row.status), remove: !locked(row.status) })} // read-only once submitted, until returned
        rowActions={(row) =>
          reportable && (
            <>
              {!locked(row.status) && (
                <Button type="link" size="small" onClick={() => submit(row)} data-testid={`annual-report-report-${row.id}`}>
                  提交
                </Button>
              )}
              {row.status === 1 && (
                <>
                  <Button type="link" size="small" onClick={() => approve(row)} data-testid={`annual-report-approve-${row.id}`}>
                    通过
                  </Button>
                  <Button type="link" size="small" danger onClick={() => (setReason(''), setReturning(row))} data-testid={`annual-report-return-${row.id}`}>
                    退回
                  </Button>
                </>
              )}
            </>
          )
        }
      />
      <Modal
        open={Boolean(returning)}
        title={returning ? `退回${returning.year}年度年报` : '退回年报'}
        okText="退回"
        cancelText="取消"
        onOk={sendBack}
        onCancel={() => setReturning(undefined)}
        confirmLoading={busy}
        okButtonProps={{ danger: true, ...({ 'data-testid': 'annual-report-return-ok' } as Record<string, string>) }}
        destroyOnHidden
      >
        <Input.TextArea
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          maxLength={500}
          showCount
          autoSize={{ minRows: 3, maxRows: 6 }}
          placeholder="请输入退回原因"
          data-testid="annual-report-reason"
        />
      </Modal>
    </>
  );
}
