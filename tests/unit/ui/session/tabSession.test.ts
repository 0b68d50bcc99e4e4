import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { browserNavigation } from '../../../../src/ui/api/browserNavigation';
import { SESSION_KEYS } from '../../../../src/ui/api/storageKeys';
import {
  ASK_WAIT_MS,
  askOpenTabsForToken,
  joinTabSession,
} from '../../../../src/ui/session/tabSession';

// The session across tabs: a second channel of the same name plays the other tab of the site.

let otherTab: BroadcastChannel;
let navigations: string[];

const nextMessage = (channel: BroadcastChannel) =>
  new Promise<unknown>((resolve) => {
    channel.addEventListener('message', (event) => resolve(event.data), { once: true });
  });

beforeEach(() => {
  otherTab = new BroadcastChannel('brandboard-session');
  navigations = [];
  vi.spyOn(browserNavigation, 'assign').mockImplementation((url: string) => {
    navigations.push(url);
  });
});
afterEach(() => {
  otherTab.close();
  vi.restoreAllMocks();
  vi.useRealTimers();
  sessionStorage.clear();
});

describe('a tab without a session', () => {
  it('takes the token an open tab answers', async () => {
    otherTab.addEventListener('message', (event) => {
      if (event.data?.kind === 'ask') otherTab.postMessage({ kind: 'session', token: 'tok-open' });
    });
    await expect(askOpenTabsForToken()).resolves.toBe('tok-open');
  });

  it('stops waiting when no tab answers in time', async () => {
    vi.useFakeTimers();
    const asked = askOpenTabsForToken();
    await vi.advanceTimersByTimeAsync(ASK_WAIT_MS);
    await expect(asked).resolves.toBeNull();
  });
});

describe('a signed-in tab', () => {
  beforeEach(() => {
    sessionStorage.setItem(SESSION_KEYS.token, 'tok-mine');
    sessionStorage.setItem(SESSION_KEYS.user, '{"id":1}');
    joinTabSession();
  });

  it('answers a new tab with its session', async () => {
    const answer = nextMessage(otherTab);
    otherTab.postMessage({ kind: 'ask' });
    await expect(answer).resolves.toEqual({ kind: 'session', token: 'tok-mine' });
  });

  it('signs out at once when another tab signs out', async () => {
    window.history.pushState({}, '', '/dashboards/3');
    otherTab.postMessage({ kind: 'signedOut' });
    await vi.waitFor(() => expect(navigations).toEqual(['/login?redirect=%2Fdashboards%2F3']));
    expect(sessionStorage.getItem(SESSION_KEYS.token)).toBeNull();
    expect(sessionStorage.getItem(SESSION_KEYS.user)).toBeNull();
    window.history.pushState({}, '', '/');
  });
});
