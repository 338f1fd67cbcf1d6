import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';

// Test helpers only: unmount rendered trees and start every test with empty browser storage.
afterEach(() => {
  cleanup();
  window.localStorage.clear();
  window.sessionStorage.clear();
});
