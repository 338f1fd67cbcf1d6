import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';

// findBy… and waitFor wait up to 5 s instead of 1 s: on a loaded two-core machine an antd screen can take
// more than a second to settle, and a wait that merely ran out is not a failure of the screen.
configure({ asyncUtilTimeout: 5000 });

// Test helpers only: unmount rendered trees and start every test with empty browser storage.
afterEach(() => {
  cleanup();
  window.localStorage.clear();
  window.sessionStorage.clear();
});
