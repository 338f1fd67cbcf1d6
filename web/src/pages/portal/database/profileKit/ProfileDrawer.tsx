import type { ReactNode } from 'react';
import { Drawer, Tabs } from 'antd';
import type { Fields } from '@gsl/contract';
import { profileLog, useProfileDetail, type ProfileKind, type ProfileRow } from '../../../../api/profile';
import { RecordHistory } from '../ChangeLog';
import { ProfileDescriptions, SectionTable } from './fieldKit';
import { QueryBody } from '../QueryBody';

export interface ProfileTab {
  key: string;
  label: string;
  render: (row: ProfileRow) => ReactNode;
}

/** A tab with one section's table (a person's 投资, 荣誉 …), its test ids `${kind}-${section}`. */
export const sectionTab = (kind: ProfileKind, section: string, label: string, fields: Fields, columns: Array<string | [string, number]>): ProfileTab => ({
  key: section,
  label,
  render: (row) => <SectionTable kind={kind} section={section} parentId={row.id} fields={fields} columns={columns} testId={`${kind}-${section}`} />,
});

/**
 * A person's or enterprise's profile page (档案): the record's basic info from the detail call
 * (personal data as the server answers it), a tab per section, each with its own rows, and the record's
 * change history (变更记录: who changed which field from what to what).
 */
export function ProfileDrawer({
  kind,
  id,
  title,
  fields,
  names,
  tabs,
  onClose,
  testId,
  basicExtra,
}: {
  kind: 'person' | 'enterprise';
  id: string | undefined;
  title: string;
  fields: Fields;
  names: string[];
  tabs: ProfileTab[];
  onClose: () => void;
  testId: string;
  /** More of 基本信息 below the fields (a person's 会员身份). */
  basicExtra?: (row: ProfileRow) => ReactNode;
}) {
  const detail = useProfileDetail(kind, id);
  const row = detail.data;
  return (
    <Drawer open={Boolean(id)} onClose={onClose} size={980} title={row?.name ? `${title}：${row.name}` : title} destroyOnHidden data-testid={testId}>
      <QueryBody query={detail} errorTestId={`${testId}-error`}>
        {(row) => (
          <Tabs
            items={[
              {
                key: 'basic',
                label: '基本信息',
                children: (
                  <>
                    <ProfileDescriptions fields={fields} row={row} names={names} testId={`${testId}-basic`} />
                    <div className="profile-muted profile-meta">
                      所属组织：{row.deptName ?? '-'}　创建时间：{row.createTime ?? '-'}　更新时间：{row.updateTime ?? '-'}
                    </div>
                    {basicExtra?.(row)}
                  </>
                ),
              },
              ...tabs.map((t) => ({ key: t.key, label: <span data-testid={`${testId}-tab-${t.key}`}>{t.label}</span>, children: t.render(row) })),
              {
                key: 'history',
                label: <span data-testid={`${testId}-tab-history`}>变更记录</span>,
                children: <RecordHistory tag={`${kind}base`} recordId={row.id} load={(page, signal) => profileLog(kind, row.id, page, signal)} />,
              },
            ]}
          />
        )}
      </QueryBody>
    </Drawer>
  );
}
