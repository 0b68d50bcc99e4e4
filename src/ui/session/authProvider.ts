import type { AuthProvider } from 'react-admin';
import { SECTIONS, canAccess, type Section } from '../../../common/sections';
import type { User } from '../../../common/types';
import { loginUrlForCurrentPage } from '../api/browserNavigation';
import { refusesSession } from '../api/refusals';
import { translateText } from '../i18n/i18nProvider';
import {
  attemptLogin,
  attemptSsoSession,
  signOutRequest,
  verifyLoginRequest,
} from './sessionRequests';
import { announceSignOut, askOpenTabsForToken } from './tabSession';
import {
  SESSION_KEYS,
  readSessionJson,
  removeSessionItem,
  writeSessionJson,
} from '../api/storageKeys';

export { loginRequest, logoutRequest, registerAccount } from './sessionRequests';

// react-admin's AuthProvider over the sign-in calls (spec §4 "Session", §6).

export function getStoredUser(): User | null {
  return readSessionJson<User>(SESSION_KEYS.user);
}

function getStoredToken(): string | null {
  return sessionStorage.getItem(SESSION_KEYS.token);
}

function storeSession(user: User, token?: string): void {
  writeSessionJson(SESSION_KEYS.user, user);
  if (token) sessionStorage.setItem(SESSION_KEYS.token, token);
}

/**
 * The local path named by `?redirect=` in a query string, or null. Only same-site paths count
 * ('/x', never '//evil.example' or 'https://…'), so the parameter cannot send users elsewhere.
 */
export function redirectTargetFromSearch(search: string): string | null {
  const target = new URLSearchParams(search).get('redirect');
  if (!target || !target.startsWith('/') || target.startsWith('//')) return null;
  if (target === '/login' || target.startsWith('/login?')) return null;
  return target;
}

function loginFailureMessage(status: number): string {
  if (status === 401) return translateText('app.auth.invalidCredentials');
  if (status === 403) return translateText('app.auth.inactiveUser');
  if (status === 429) return translateText('app.auth.tooManyAttempts');
  return translateText('app.auth.loginFailed');
}

const READ_ACTIONS = new Set(['list', 'show', 'read', 'access']);

export const authProvider: AuthProvider = {
  /** With a username and password, or with the one-time ticket of a single sign-on. */
  async login(credentials: { username: string; password: string } | { ssoTicket: string }) {
    const attempt =
      'ssoTicket' in credentials
        ? await attemptSsoSession(credentials.ssoTicket)
        : await attemptLogin(credentials.username, credentials.password);
    if (!attempt.answer) throw new Error(loginFailureMessage(attempt.status));
    if (!attempt.answer.user.active) throw new Error(translateText('app.auth.inactiveUser'));
    storeSession(attempt.answer.user, attempt.answer.token);
    const redirectTo = redirectTargetFromSearch(window.location.search);
    return redirectTo ? { redirectTo } : undefined;
  },

  async logout() {
    const token = getStoredToken();
    let endSessionUrl: string | undefined;
    if (token) {
      ({ endSessionUrl } = await signOutRequest(token));
      announceSignOut();
    }
    sessionStorage.clear();
    removeSessionItem(SESSION_KEYS.user); // tells the language choice the user is gone
    // Signed in through the identity provider: sign out there too, which comes back to /login.
    return endSessionUrl;
  },

  async checkAuth() {
    const stored = getStoredUser();
    if (stored?.active) return;
    // A new tab has no session of its own yet: an open tab of the site may lend its token.
    const token = getStoredToken() ?? (await askOpenTabsForToken());
    const user = await verifyLoginRequest(token);
    if (user?.active === true) {
      storeSession(user, token ?? undefined);
      return;
    }
    removeSessionItem(SESSION_KEYS.user);
    throw { redirectTo: loginUrlForCurrentPage() };
  },

  async checkError(error: { status?: number; body?: unknown }) {
    if (refusesSession(error?.status, error?.body)) {
      throw { redirectTo: loginUrlForCurrentPage() };
    }
  },

  async getIdentity() {
    const user = getStoredUser();
    if (!user) throw new Error('Not signed in');
    return { id: user.id, fullName: user.fullName || user.username };
  },

  async getPermissions() {
    return getStoredUser()?.role ?? null;
  },

  /** Section access by role (common/sections.ts); the server enforces the same table. */
  async canAccess({ action, resource }: { action: string; resource: string }) {
    const user = getStoredUser();
    if (!user) return false;
    if (!(SECTIONS as readonly string[]).includes(resource)) return true;
    return canAccess(user.role, resource as Section, READ_ACTIONS.has(action) ? 'read' : 'write');
  },
};
