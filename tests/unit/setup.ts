import '@testing-library/jest-dom/vitest';
import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { i18nProvider } from '../../src/ui/i18n/i18nProvider';

// findBy*/waitFor give up after 1 s by default; MUI transitions and the app's sections, each
// a chunk loaded on first use, need more on a busy two-core CI machine. Set before every file:
// the files share a worker's modules (isolate: false), and some raise it for their own tests.
configure({ asyncUtilTimeout: 8000 });

afterEach(async () => {
  cleanup();
  sessionStorage.clear();
  localStorage.clear();
  // The files share a worker's modules: a test that switched the language leaves English.
  if (i18nProvider.getLocale() !== 'en') await i18nProvider.changeLocale('en');
  document.documentElement.lang = 'en';
  document.documentElement.dir = 'ltr';
});
