import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Form } from 'antd';
import { FILLIN_MSG, SUPPLEMENT_FIELDS, type FormField } from '@gsl/contract';
import { fakeServer } from '../../../test/fakeServer';
import { mockedApi, renderScreen } from '../../../test/screens';
import { isOldBrowser } from './BrowserGate';

vi.mock('../../api/feedback', () => ({ toast: { error: vi.fn(), warning: vi.fn(), success: vi.fn(), info: vi.fn() }, setMessageInstance: vi.fn() }));
vi.mock('../../api/http', async (importOriginal) => ({ ...(await importOriginal<object>()), get: vi.fn(), request: vi.fn() }));

await mockedApi();
vi.setConfig({ testTimeout: 60_000 });
const { FillPeriodDialog } = await import('./FillPeriodDialog');
const { FillInEntry } = await import('./FillInEntry');
const { default: SupplementPage } = await import('./SupplementPage');
const { TemplateForm } = await import('./TemplateForm');

describe('填报', () => {
  it('the period dialog (§4, §5): empty submit shows both messages and saves nothing; closing sets NoShowBox', async () => {
    const server = fakeServer({});
    const onClose = vi.fn();
    renderScreen(<FillPeriodDialog open period={null} onClose={onClose} onSaved={vi.fn()} />);
    fireEvent.click(await screen.findByTestId('fill-period-submit'));
    expect(await screen.findByText(FILLIN_MSG.periodRequired)).toBeTruthy();
    expect(await screen.findByText(FILLIN_MSG.finishDateRequired)).toBeTruthy();
    expect(server.calls).toHaveLength(0);
    expect(document.querySelector('.ant-modal')?.getAttribute('style') ?? '').toContain('580');
    fireEvent.click(screen.getByTestId('fill-period-cancel'));
    expect(onClose).toHaveBeenCalled();
    expect(Object.keys(sessionStorage).some((k) => k.endsWith('NoShowBox'))).toBe(true);
  });

  it('opens the dialog by itself when no period is stored and NoShowBox is unset', async () => {
    sessionStorage.clear();
    fakeServer({
      'GET /api/aoc-service/fillperiod/detail': () => null,
      'GET /api/aoc-service/associationcommercesupplement/isfill': () => false,
    });
    renderScreen(<FillInEntry />, ['fillin_collect', 'fillin_supplement']);
    expect(await screen.findByTestId('fill-period-form')).toBeTruthy();
    expect(screen.getByText(/本年度未提交/)).toBeTruthy();
  });

  it('the supplement form follows its template: 党组织类型 shows only once 是否建立党组织 is 是', async () => {
    fakeServer({
      'GET /api/aoc-service/businesstag/listByMenuId': () => [
        {
          id: '2',
          templateKey: 'associationcommercesupplement',
          name: '商会补充信息',
          menuCode: 'fillin_supplement',
          version: 1,
          fields: SUPPLEMENT_FIELDS,
          createTime: null,
          createUserName: null,
        },
      ],
      'GET /api/aoc-service/associationcommercesupplement/detail': () => null,
    });
    renderScreen(<SupplementPage />, ['fillin_supplement', 'fillin_supplement_submit']);
    await screen.findByTestId('supplement-form');
    expect(screen.queryByText('党组织类型')).toBeNull();
    fireEvent.click(screen.getByLabelText('是'));
    await waitFor(() => expect(screen.getByText('党组织类型')).toBeTruthy());
  });

  it('a field required by a condition: its message goes as soon as the condition no longer holds', async () => {
    const fields: FormField[] = [
      {
        prop: 'category',
        label: '人员类别',
        type: 'radio',
        options: [
          { value: '1', label: '常委' },
          { value: '2', label: '执委' },
        ],
      },
      { prop: 'post', label: '职务', type: 'text', rules: [{ when: [{ field: 'category', op: 'eq', value: '1' }], required: true }] },
    ];
    function Harness() {
      const [form] = Form.useForm();
      return (
        <>
          <TemplateForm form={form} fields={fields} testId="t" />
          <button type="button" onClick={() => form.validateFields().catch(() => undefined)}>
            check
          </button>
        </>
      );
    }
    renderScreen(<Harness />);
    fireEvent.click(await screen.findByLabelText('常委'));
    const postLabel = () => screen.getByTestId('t-post-item').querySelector('label');
    await waitFor(() => expect(postLabel()?.className).toContain('ant-form-item-required'));
    fireEvent.click(screen.getByText('check'));
    expect(await screen.findByText('请填写职务')).toBeTruthy();
    fireEvent.click(screen.getByLabelText('执委'));
    await waitFor(() => expect(screen.queryByText('请填写职务')).toBeNull());
    expect(postLabel()?.className).not.toContain('ant-form-item-required');
  });

  it('refuses Internet Explorer', () => {
    expect(isOldBrowser('Mozilla/5.0 (Windows NT 10.0; Trident/7.0; rv:11.0) like Gecko')).toBe(true);
    expect(isOldBrowser('Mozilla/5.0 (X11; Linux x86_64) Chrome/130.0 Safari/537.36')).toBe(false);
  });
});
