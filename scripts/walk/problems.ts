import type { Page } from 'playwright-core';

// What goes wrong on a page while the walk looks at it: console errors, uncaught errors,
// answers with status >= 400, requests that never got an answer, and (in another language)
// raw i18n keys in the page's text. Each is charged to the
// page the walk is on when it happens.

export interface Problem {
  walker: string;
  variant: string;
  page: string;
  kind: 'console' | 'uncaught' | 'http' | 'request-failed' | 'walk' | 'raw-key';
  text: string;
}

export interface PageWatch {
  /** The page the walk is on now; problems are charged to it. */
  label: string;
  /** Requests sent and not yet answered. */
  inFlight: number;
  /** When the last request started or ended (ms since the epoch). */
  lastActivity: number;
}

/** Cancelled by the browser itself (a navigation or an aborted fetch): not a defect. */
const ABORTED = /ERR_ABORTED|NS_BINDING_ABORTED/;

export function watchPage(
  page: Page,
  owner: { walker: string; variant: string },
  problems: Problem[],
): PageWatch {
  const watch: PageWatch = { label: 'start', inFlight: 0, lastActivity: Date.now() };
  const report = (kind: Problem['kind'], text: string) =>
    problems.push({ ...owner, page: watch.label, kind, text });
  const settled = () => {
    watch.inFlight = Math.max(0, watch.inFlight - 1);
    watch.lastActivity = Date.now();
  };
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const where = message.location().url;
    report('console', `${message.text()}${where ? ` (${where})` : ''}`);
  });
  page.on('pageerror', (error) => report('uncaught', error.stack ?? error.message));
  page.on('request', () => {
    watch.inFlight += 1;
    watch.lastActivity = Date.now();
  });
  page.on('requestfinished', settled);
  page.on('requestfailed', (request) => {
    settled();
    const failure = request.failure()?.errorText ?? 'failed';
    if (!ABORTED.test(failure))
      report('request-failed', `${request.method()} ${request.url()} ${failure}`);
  });
  page.on('response', (response) => {
    if (response.status() >= 400) {
      report('http', `${response.status()} ${response.request().method()} ${response.url()}`);
    }
  });
  return watch;
}
