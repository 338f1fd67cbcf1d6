import dayjs, { type Dayjs } from 'dayjs';
import type { TenantSetting, TenantView } from '@gsl/contract';

const WIRE = 'YYYY-MM-DD HH:mm:ss';

/** 账号额度: -1 = 不限; else used / quota. */
export const quotaText = (row: Pick<TenantView, 'accountNumber' | 'accountUsed'>) =>
  row.accountNumber < 0 ? `${row.accountUsed} / 不限` : `${row.accountUsed} / ${row.accountNumber}`;

/** A wire time as the date picker's value (null: none). */
export const toPicker = (value: string | null | undefined): Dayjs | undefined => (value ? dayjs(value) : undefined);

/** The picker's value on the wire: 'yyyy-MM-dd HH:mm:ss', '' for none (the server clears it). */
export const fromPicker = (value: unknown): string => (dayjs.isDayjs(value) && value.isValid() ? value.format(WIRE) : '');

/** The tenant form's starting values from a row. */
export function tenantFormValues(row: TenantView): Record<string, unknown> {
  return {
    tenantId: row.tenantId,
    tenantName: row.tenantName,
    linkman: row.linkman ?? undefined,
    contactNumber: row.contactNumber ?? undefined,
    address: row.address ?? undefined,
    domainUrl: row.domainUrl ?? undefined,
    accountNumber: row.accountNumber,
    expireTime: toPicker(row.expireTime),
    packageId: row.packageId ?? undefined,
  };
}

const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null);

/** The form's values as submit sends them (tenantId is the server's: never sent). */
export function tenantBody(values: Record<string, unknown>): Record<string, unknown> {
  return {
    tenantName: typeof values.tenantName === 'string' ? values.tenantName.trim() : values.tenantName,
    linkman: text(values.linkman),
    contactNumber: text(values.contactNumber),
    address: text(values.address),
    domainUrl: text(values.domainUrl),
    accountNumber: typeof values.accountNumber === 'number' ? values.accountNumber : -1,
    expireTime: fromPicker(values.expireTime),
    packageId: typeof values.packageId === 'string' ? values.packageId : '',
  };
}

/** The 租户授权 body: quota (-1 不限), expiry ('' none) and package ('' none). */
export function settingBody(values: Record<string, unknown>): TenantSetting {
  return {
    accountNumber: typeof values.accountNumber === 'number' ? values.accountNumber : -1,
    expireTime: fromPicker(values.expireTime),
    packageId: typeof values.packageId === 'string' ? values.packageId : '',
  };
}
