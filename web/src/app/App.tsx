import { BrowserRouter } from 'react-router';
import { routerBasename } from '../config';
import { ErrorBoundary } from './errors/ErrorBoundary';
import { EntryParams, LockGate } from './guards';
import { AppRoutes } from './AppRoutes';
import { Providers } from './providers';
import { LogoutNoticeGate } from './session/LogoutNotice';
import { SessionKeeper } from './session/SessionKeeper';

/** The main application: providers, the logout notice, history routing under the base path, guards, routes. */
export function App() {
  return (
    <Providers>
      <LogoutNoticeGate>
        <BrowserRouter basename={routerBasename}>
          <SessionKeeper />
          <EntryParams />
          <ErrorBoundary>
            <LockGate>
              <AppRoutes />
            </LockGate>
          </ErrorBoundary>
        </BrowserRouter>
      </LogoutNoticeGate>
    </Providers>
  );
}
