import { browserNavigation, loginUrlForCurrentPage } from '../api/browserNavigation';
import { SESSION_KEYS } from '../api/storageKeys';

// The session across the tabs of one site. The spec keeps the session in session storage, which
// is per tab: a link opened in a new tab would ask to sign in again. So a tab without a session
// asks the open tabs of the same site (a BroadcastChannel reaches only the same origin, so one
// tenant's tabs never hear another's) and takes the token one of them answers, which the
// server then verifies. Signing out in one tab signs the others out at once.

const CHANNEL_NAME = 'brandboard-session';

/** How long a new tab waits for an open tab's answer before asking the visitor to sign in. */
export const ASK_WAIT_MS = 300;

type TabMessage = { kind: 'ask' } | { kind: 'session'; token: string } | { kind: 'signedOut' };

let channel: BroadcastChannel | null = null;

function sessionChannel(): BroadcastChannel | null {
  if (!channel && typeof BroadcastChannel !== 'undefined') {
    channel = new BroadcastChannel(CHANNEL_NAME);
  }
  return channel;
}

function post(message: TabMessage): void {
  sessionChannel()?.postMessage(message);
}

function leaveOnSignOutElsewhere(): void {
  if (sessionStorage.getItem(SESSION_KEYS.token) === null) return;
  sessionStorage.clear();
  browserNavigation.assign(loginUrlForCurrentPage());
}

function onTabMessage(event: MessageEvent<TabMessage>): void {
  if (event.data?.kind === 'ask') {
    const token = sessionStorage.getItem(SESSION_KEYS.token);
    if (token) post({ kind: 'session', token });
  } else if (event.data?.kind === 'signedOut') {
    leaveOnSignOutElsewhere();
  }
}

/** Makes this tab answer new tabs with its session and follow a sign-out in another tab. */
export function joinTabSession(): void {
  const joined = sessionChannel();
  joined?.removeEventListener('message', onTabMessage);
  joined?.addEventListener('message', onTabMessage);
}

/** The session token of an open tab of this site, or null when none answers in time. */
export function askOpenTabsForToken(): Promise<string | null> {
  const asked = sessionChannel();
  if (!asked) return Promise.resolve(null);
  return new Promise((resolve) => {
    const finish = (token: string | null) => {
      clearTimeout(timer);
      asked.removeEventListener('message', onAnswer);
      resolve(token);
    };
    const onAnswer = (event: MessageEvent<TabMessage>) => {
      if (event.data?.kind === 'session' && typeof event.data.token === 'string') {
        finish(event.data.token);
      }
    };
    const timer = setTimeout(() => finish(null), ASK_WAIT_MS);
    asked.addEventListener('message', onAnswer);
    post({ kind: 'ask' });
  });
}

/** Tells the other tabs of this site that the session ended. */
export function announceSignOut(): void {
  post({ kind: 'signedOut' });
}
