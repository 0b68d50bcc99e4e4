import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// Five suites: server (server code in node, fast), unit (web code in jsdom), api (the real
// server over HTTP), e2e (Chromium), cluster (`npm run cluster` under faults, alone: it loads
// the whole machine for a minute).
export default defineConfig({
  plugins: [react()],
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['tests/unit/setup.ts'],
          // Component tests load lazy chunks and start a real server; on a busy two-core
          // machine the defaults (5 s, 10 s for hooks) are too tight.
          testTimeout: 30000,
          hookTimeout: 60000,
          // Vitest's default on two cores is one worker; the component tests wait on their
          // server as much as they compute, so two halve the suite (about 8 to 4 minutes).
          // Without isolation a worker imports jsdom's globals, MUI and the app once, not per
          // file (275 s to 220 s here). Each file still starts its own server; the setup file
          // resets what the app keeps between renders (see tests/unit/setup.ts).
          maxWorkers: 2,
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30000,
          hookTimeout: 60000,
          // Each file starts its own server on its own DATA_DIR, databases and port, so two
          // run at once; without isolation a worker imports the server once, not per file
          // (about 6 minutes to 2.5 on this two-core machine).
          maxWorkers: 2,
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60000,
          hookTimeout: 180000,
          fileParallelism: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'cluster',
          include: ['tests/cluster/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60000,
          hookTimeout: 360000,
          fileParallelism: false,
        },
      },
    ],
  },
});
