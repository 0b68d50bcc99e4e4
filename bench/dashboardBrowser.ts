import type { Browser, BrowserContext } from 'playwright-core';
import type { LoginAnswer } from '../common/api/auth';
import { BENCH_PASSWORD } from './benchApi';

// Browser helpers of the dashboard benchmarks: the site's address and a signed-in context
// (the session put into sessionStorage as the web app keeps it, so no sign-in page runs first).

export interface WebSession {
  headers: Record<string, string>;
  answer: LoginAnswer;
}

/** http://<site>.localhost:<port> for the server's http://localhost:<port>. */
export function siteUrl(rootUrl: string, site: string): string {
  return rootUrl.replace('//localhost', `//${site}.localhost`);
}

export async function signInForWeb(
  rootUrl: string,
  site: string,
  username: string,
): Promise<WebSession> {
  const response = await fetch(`${rootUrl}/api/v1/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', site },
    body: JSON.stringify({ username, password: BENCH_PASSWORD }),
  });
  if (response.status !== 200) throw new Error(`Sign-in: ${response.status}`);
  const answer = (await response.json()) as LoginAnswer;
  return { answer, headers: { authorization: `Bearer ${answer.token}`, site } };
}

export async function signedInContext(
  browser: Browser,
  session: WebSession,
): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 1000 } });
  await context.addInitScript((answer: LoginAnswer) => {
    if (sessionStorage.getItem('token')) return;
    sessionStorage.setItem('token', answer.token);
    sessionStorage.setItem('user', JSON.stringify(answer.user));
  }, session.answer);
  return context;
}
