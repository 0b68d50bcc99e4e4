import '@testing-library/jest-dom/vitest';
import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';

// findBy*/waitFor give up after 1 s by default; MUI transitions and the app's sections, each
// a chunk loaded on first use, need more on a busy two-core CI machine. Set before every file:
// the files share a worker's modules (isolate: false), and some raise it for their own tests.
configure({ asyncUtilTimeout: 8000 });

afterEach(() => {
  cleanup();
  sessionStorage.clear();
  localStorage.clear();
});
