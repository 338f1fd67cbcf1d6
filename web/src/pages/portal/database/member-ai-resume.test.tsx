import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockedApi, renderScreen } from '../../../../test/screens';

vi.mock('../../../api/feedback', () => ({ toast: { error: vi.fn(), warning: vi.fn(), success: vi.fn(), info: vi.fn() }, setMessageInstance: vi.fn() }));
vi.mock('../../../api/http', async (importOriginal) => ({ ...(await importOriginal<object>()), get: vi.fn(), request: vi.fn() }));
const { get } = await mockedApi();
const { MemberDetailDrawer } = await import('./MemberDetail');

describe('member detail › AI简历 and AI画像', () => {
  it.each([
    ['enterprise', 'memberaocenterprise', 'company'],
    ['group', 'memberAocGroup', 'group'],
    ['person', 'memberaocperson', 'person'],
  ] as const)('opens the %s member’s AI résumé and AI portrait of the second front end in a new tab', async (kind, prefix, page) => {
    get.mockImplementation(async (url: string) => {
      if (url.endsWith(`/${prefix}/detail`)) return { id: '42', deptId: '1', name: '简历测试', version: 1 } as never;
      return undefined as never;
    });
    renderScreen(<MemberDetailDrawer kind={kind} id="42" onClose={() => undefined} />, [`member_${kind}`]);
    const link = await screen.findByRole('link', { name: /AI简历/ });
    expect(link.getAttribute('href')).toBe(`/model/#/ai-resume-${page}?unionId=42`);
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
    const portrait = screen.getByRole('link', { name: /AI画像/ });
    expect(portrait.getAttribute('href')).toBe(`/model/#/ai-properties-${page}?unionId=42`);
    expect(portrait.getAttribute('target')).toBe('_blank');
  });
});
