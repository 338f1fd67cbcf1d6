import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { captureEntryParams } from './app/guards';
import { installErrorCapture } from './app/errors/errorLog';
import './styles/base.css';

installErrorCapture();
// Before any guard can send the browser to sign-on, remember the entry it came in with.
captureEntryParams(window.location.search);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
