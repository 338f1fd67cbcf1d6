import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenAnswer } from '../../../test/fixtures';
import { clearSession, saveTokenAnswer } from '../../utils/sessionStore';
import { getStore } from '../../utils/storage';
import { loadShellLayout } from '../routeChunks';
import WelcomePage from './WelcomePage';

vi.mock('../../api/portal/deptInfo', () => ({ useDeptInfo: () => ({ data: { orgName: '南京市工商业联合会', chamberName: '南京市总商会' } }) }));
vi.mock('../routeChunks', () => ({ loadShellLayout: vi.fn(() => Promise.resolve({ default: () => null })) }));

function renderWelcome() {
  return render(
    <MemoryRouter initialEntries={['/welcome']}>
      <Routes>
        <Route path="/welcome" element={<WelcomePage />} />
        <Route path="/" element={<div>HOME</div>} />
        <Route path="/login" element={<div>LOGIN</div>} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('/welcome (specification §2, §4)', () => {
  beforeEach(() => {
    clearSession();
    sessionStorage.clear();
    vi.mocked(loadShellLayout).mockClear();
  });

  it('greets the user with their org, and 进入工作台 opens the portal', async () => {
    saveTokenAnswer(tokenAnswer(1));
    renderWelcome();
    expect(screen.getByRole('main').textContent).toContain('欢迎您，张三');
    expect(screen.getByText('南京市工商业联合会')).toBeTruthy();
    expect(getStore('welcome')).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: '进入工作台' }));
    expect(await screen.findByText('HOME')).toBeTruthy();
  });

  it('starts loading the shell while the user reads the page', () => {
    saveTokenAnswer(tokenAnswer(1));
    renderWelcome();
    expect(loadShellLayout).toHaveBeenCalledTimes(1);
  });

  it('without a session it goes to /login', async () => {
    renderWelcome();
    expect(await screen.findByText('LOGIN')).toBeTruthy();
  });
});
