import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { configureHttp } from './api/http';
import { App } from './app/App';
import { captureEntryParams } from './app/guards';
import { installErrorCapture } from './app/errors/errorLog';
import { expireSession } from './app/session/logout';
import './styles/base.css';

installErrorCapture();
// A 401 on any call ends the session the app's way (specification §8): the client cannot import the shell.
configureHttp({ onUnauthorized: expireSession });
// Before any guard can send the browser to sign-on, remember the entry it came in with.
captureEntryParams(window.location.search);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
