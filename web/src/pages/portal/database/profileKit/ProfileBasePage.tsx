import { useState, type ReactNode } from 'react';
import { Button } from 'antd';
import type { Fields } from '@gsl/contract';
import type { CrudApi } from '../../../../api/crud';
import type { ProfileRow } from '../../../../api/profile';
import { OpenLink } from '../../../../components/OpenLink';
import { CrudTable } from '../../../../components/crud/CrudTable';
import { crudPermissions } from '../../../../components/crud/crudLogic';
import type { CrudDateRange, CrudFormField, CrudSearchField } from '../../../../components/crud/types';
import { DatabaseNav } from '../DatabaseNav';
import { bodyOf, columnsOf, formValuesOf } from './fieldKit';
import '../database.css';
import './profile.css';

interface ProfileBasePageProps {
  /** Prefix of the test ids (enterprisebase, personbase). */
  testId: string;
  /** The menu code, whose _add / _edit / _delete / _view show the buttons (profile_enterprise …). */
  menu: string;
  api: CrudApi<ProfileRow, Record<string, unknown>>;
  /** The contract's descriptions of the record's fields. */
  fields: Fields;
  /** The list's columns of those fields, [name, width, minWidth]; the first (the name) opens the profile. */
  columns: Array<string | [string, number] | [string, number, number]>;
  /** The 新增 / 编辑 form's fields, and the names it holds in order. */
  formFields: CrudFormField[];
  formNames: string[];
  search: CrudSearchField[];
  dateRange: CrudDateRange;
  addValues: () => Record<string, unknown>;
  labelWidth: number;
  /** The profile (档案) drawer of the record `id`; closed while `id` is undefined. */
  profile: (id: string | undefined, onClose: () => void) => ReactNode;
}

/**
 * A base of profiles (企业库, 人员库): the records with their search, 新增 / 编辑 / 删除 behind the
 * menu's codes, and each record's 档案 in a drawer, opened from its name or from 档案 in 操作.
 */
export function ProfileBasePage(props: ProfileBasePageProps) {
  const { testId, menu, api, fields, columns, formFields, formNames, search, dateRange, addValues, labelWidth, profile } = props;
  const [open, setOpen] = useState<string>();
  const name = (row: ProfileRow) => (
    <OpenLink onOpen={() => setOpen(row.id)} testId={`${testId}-open-${row.id}`}>
      {row.name}
    </OpenLink>
  );
  return (
    <div className="member-db" data-testid={`${testId}-page`}>
      <DatabaseNav />
      <CrudTable<ProfileRow, Record<string, unknown>>
        testId={testId}
        api={api}
        columns={[
          ...columnsOf(fields, columns, name),
          { key: 'deptName', dataIndex: 'deptName', title: '所属组织', width: 160, minWidth: 100, render: (v: string | null) => v ?? '-' },
        ]}
        fields={formFields}
        search={search}
        dateRange={dateRange}
        permissions={crudPermissions(menu)}
        toFormValues={(row) => formValuesOf(fields, row, formNames)}
        addValues={addValues}
        fromFormValues={(values, row) => bodyOf(values, Boolean(row))}
        labelWidth={labelWidth}
        rowActionLabels={['档案']}
        rowActions={(row) => (
          <Button type="link" size="small" onClick={() => setOpen(row.id)} data-testid={`${testId}-profile-${row.id}`}>
            档案
          </Button>
        )}
      />
      {profile(open, () => setOpen(undefined))}
    </div>
  );
}
