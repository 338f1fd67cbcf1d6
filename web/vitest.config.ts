import { resolve } from 'node:path';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

const root = import.meta.dirname;

export default defineConfig({
  root,
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'happy-dom',
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
    setupFiles: [resolve(root, 'test/setup.ts')],
    restoreMocks: true,
    // Whole antd screens render in happy-dom; on two cores shared with the server suites a first render
    // can pass five seconds. A limit, not a speed target (those live in bench/).
    testTimeout: 30_000,
  },
});
