import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { FormRule } from 'antd';
import dayjs from 'dayjs';
import { ORG_LEADER_FIELDS, PERSON_FIELDS } from '@gsl/contract';
import { AntdProviders } from '../../../../app/AntdProviders';

vi.mock('../../../../api/feedback', () => ({ toast: { error: vi.fn(), warning: vi.fn(), success: vi.fn(), info: vi.fn() }, setMessageInstance: vi.fn() }));
vi.mock('../../../../api/http', async (importOriginal) => ({ ...(await importOriginal<object>()), get: vi.fn(), request: vi.fn() }));
vi.setConfig({ testTimeout: 30_000 });
const http = await import('../../../../api/http');
const request = vi.mocked(http.request);
const { AttachInput, displayOf, formFieldOf, formValuesOf, bodyOf } = await import('./fieldKit');

async function problem(rules: FormRule[] | undefined, value: unknown) {
  for (const rule of rules ?? []) {
    const r = typeof rule === 'function' ? rule({ getFieldValue: () => undefined } as never) : rule;
    if (r.required && (value === undefined || value === '')) return String(r.message);
    try {
      await (r.validator as (r: unknown, v: unknown) => Promise<void>)?.({}, value);
    } catch (e) {
      return (e as Error).message;
    }
  }
  return null;
}

beforeEach(() => request.mockReset());

describe('profile fields from the contract', () => {
  it('checks each field with the server’s own rule and message', async () => {
    expect(await problem(formFieldOf('name', PERSON_FIELDS.name, 't').rules, undefined)).toBe('请输入姓名');
    expect(await problem(formFieldOf('phone', PERSON_FIELDS.phone, 't').rules, '1391234567')).toBe('手机号码长度不为11位');
    expect(await problem(formFieldOf('phone', PERSON_FIELDS.phone, 't').rules, '139****5678')).toBeNull(); // the masked form is kept
    expect(await problem(formFieldOf('photo', PERSON_FIELDS.photo, 't').rules, 'javascript:alert(1)')).toBe('照片应为上传后的附件地址或 http(s) 地址');
    expect(await problem(formFieldOf('termNo', ORG_LEADER_FIELDS.termNo, 't').rules, undefined)).toBe('请选择届别');
  });

  it('shows codes by the server’s name, flags as 是/否, uploads as 已上传; dates go to the form as days and back as yyyy-MM-dd', () => {
    const row = {
      id: '1',
      deptId: '1',
      version: 1,
      visibility: 1,
      visibilityName: '公开',
      isCurrent: 1,
      photo: '/api/blade-resource/attach/download?id=5',
      birthDate: '1980-05-12',
    };
    expect(displayOf(PERSON_FIELDS, row, 'visibility')).toBe('公开');
    expect(displayOf(ORG_LEADER_FIELDS, row, 'isCurrent')).toBe('是');
    expect(displayOf(PERSON_FIELDS, row, 'photo')).toBe('已上传');
    expect(displayOf(PERSON_FIELDS, row, 'remark')).toBe('-');
    const values = formValuesOf(PERSON_FIELDS, row, ['birthDate', 'remark']);
    expect(dayjs.isDayjs(values.birthDate)).toBe(true);
    expect(bodyOf({ ...values, name: ' 张三 ' }, true)).toEqual({ birthDate: '1980-05-12', remark: null, name: '张三' });
  });

  it('uploads a photo through put-file-attach and keeps the answered link', async () => {
    request.mockResolvedValue({
      code: 200,
      success: true,
      msg: '操作成功',
      data: { attachId: '5', link: '/api/blade-resource/attach/download?id=5', originalName: 'a.png', size: 3 },
    } as never);
    const onChange = vi.fn();
    const { container } = render(
      <AntdProviders>
        <AttachInput onChange={onChange} testId="photo" />
      </AntdProviders>,
    );
    expect(screen.getByText('未上传')).toBeTruthy();
    const input = container.querySelector('input[type=file]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['png'], 'a.png', { type: 'image/png' })] } });
    await waitFor(() => expect(onChange).toHaveBeenCalledWith('/api/blade-resource/attach/download?id=5'));
    const [url, opts] = request.mock.calls[0] as [string, { method: string; body: FormData }];
    expect(url).toBe('/api/blade-resource/oss/endpoint/put-file-attach');
    expect(opts.method).toBe('POST');
    expect((opts.body.get('file') as File).name).toBe('a.png');
  });
});
