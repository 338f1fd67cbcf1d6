import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ModelApp } from './ModelApp';
import '../styles/base.css';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ModelApp />
  </StrictMode>,
);
