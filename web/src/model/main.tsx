import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ModelApp } from './ModelApp';
import { enterWithCode } from './modelEntry';
import '../styles/base.css';

// The entry code (`token`) is exchanged before the first call, so every page starts signed on.
void enterWithCode().then(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <ModelApp />
    </StrictMode>,
  ),
);
