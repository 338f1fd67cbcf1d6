import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { DatePicker, Input, InputNumber, Select } from 'antd';
import { AntdProviders } from '../../app/AntdProviders';
import { CrudFormDialog } from './CrudFormDialog';
import type { CrudFormField, DialogMode } from './types';

vi.mock('../../api/system/region', () => ({ getRegionChildren: vi.fn(async () => []) }));
const { RegionCascader } = await import('../RegionCascader');

const FIELDS: CrudFormField[] = [
  { name: 'name', label: '参数名称' }, // the default control: an Input with 请输入参数名称
  { name: 'key', label: '参数键名', input: <Input placeholder="请输入参数键名" /> },
  { name: 'kind', label: '参数类型', input: <Select placeholder="请选择参数类型" options={[{ value: 1, label: '系统' }]} /> },
  { name: 'count', label: '数量', input: <InputNumber placeholder="请输入数量" /> },
  { name: 'day', label: '日期', input: <DatePicker placeholder="请选择日期" /> },
  { name: 'remark', label: '备注', input: <Input.TextArea placeholder="请输入备注" /> },
  { name: 'regionCode', label: '所在地区', input: <RegionCascader placeholder="请选择所在地区" /> },
];

function open(mode: DialogMode, values: Record<string, unknown>) {
  render(
    <AntdProviders>
      <CrudFormDialog open mode={mode} fields={FIELDS} initialValues={values} saving={false} onCancel={vi.fn()} onSubmit={vi.fn()} formKey={1} testId="p" />
    </AntdProviders>,
  );
  return screen.getByTestId('p-form');
}

/** Every prompt the form shows: placeholder attributes and antd's placeholder elements. */
const prompts = (form: HTMLElement) => [
  ...[...form.querySelectorAll('[placeholder]')].map((el) => el.getAttribute('placeholder') ?? ''),
  ...[...form.querySelectorAll('[class*="placeholder"]')].map((el) => el.textContent ?? ''),
];

describe('CrudFormDialog 查看', { timeout: 20_000 }, () => {
  it('shows values and a dash for empty fields, never a prompt to type or pick', async () => {
    const form = open('view', { name: '缓存时长', key: 'cache.ttl' });
    await screen.findByDisplayValue('缓存时长');
    expect(screen.getByDisplayValue('cache.ttl')).toBeTruthy();
    const shown = prompts(form);
    expect(shown.some((p) => /请输入|请选择/.test(p))).toBe(false);
    expect(shown.filter((p) => p === '-').length).toBeGreaterThanOrEqual(5); // 参数类型, 数量, 日期, 备注, 所在地区 are empty
    expect((screen.getByDisplayValue('缓存时长') as HTMLInputElement).disabled).toBe(true);
  });

  it('keeps the prompts while adding or editing', async () => {
    const form = open('edit', { name: '缓存时长' });
    await screen.findByDisplayValue('缓存时长');
    const shown = prompts(form);
    expect(shown).toContain('请输入参数键名');
    expect(shown).toContain('请输入备注');
    expect(shown).not.toContain('-');
  });
});
