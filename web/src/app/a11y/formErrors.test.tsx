import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Button, Form, Input } from 'antd';
import { afterEach, describe, expect, it } from 'vitest';
import { markFormErrors, watchFormErrors } from './formErrors';

let stop: (() => void) | undefined;
afterEach(() => {
  stop?.();
  stop = undefined;
  document.body.innerHTML = ''; // markup a test wrote itself (testing-library removes only what it rendered)
});

describe('form errors are read out (issue 21, WCAG 4.1.3)', () => {
  it('marks error messages as alerts and warnings as status, once', () => {
    document.body.innerHTML = `<div class="ant-form-item-explain">
      <div class="ant-form-item-explain-error">请输入参数名称</div>
      <div class="ant-form-item-explain-warning">建议填写</div>
    </div>`;
    markFormErrors(document.body);
    expect(screen.getByText('请输入参数名称').getAttribute('role')).toBe('alert');
    expect(screen.getByText('建议填写').getAttribute('role')).toBe('status');
  });

  it("an antd form's required message appears as an alert", async () => {
    stop = watchFormErrors();
    render(
      <Form onFinish={() => undefined}>
        <Form.Item name="paramName" label="参数名称" rules={[{ required: true, message: '请输入参数名称' }]}>
          <Input />
        </Form.Item>
        <Button htmlType="submit">保存参数</Button>
      </Form>,
    );
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: '保存参数' }));
    });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('请输入参数名称');
    // The field names its message (antd's aria-describedby), so it is read again on focus.
    await waitFor(() => expect(screen.getByLabelText('参数名称').getAttribute('aria-invalid')).toBe('true'));
  });
});
