import type { LoginAnswer } from '../../../common/api/auth';
import type { User } from '../../../common/types';
import { HttpError, apiUrl, httpClient } from '../api/httpClient';

// The sign-in calls (spec §7, §8). Their failures never throw: login answers null, logout and
// register answer false, and each failure is logged. `attemptLogin` keeps the failing status
// so the sign-in page can say why.

interface RegisterPayload {
  companyName: string;
  site: string;
  fullName: string;
  email: string;
  username: string;
}

type LoginAttempt = { answer: LoginAnswer } | { answer: null; status: number };

function statusOf(error: unknown): number {
  return error instanceof HttpError ? error.status : 0;
}

export async function attemptLogin(username: string, password: string): Promise<LoginAttempt> {
  try {
    const { json } = await httpClient(apiUrl('/api/v1/login'), {
      method: 'POST',
      body: JSON.stringify({ username, password }),
    });
    const answer = json as LoginAnswer;
    if (!answer?.token || !answer.user) throw new Error('Sign-in answer without token or user');
    return { answer };
  } catch (error) {
    console.error('Sign-in failed', error);
    return { answer: null, status: statusOf(error) };
  }
}

/** POST /api/v1/sso/session: trades a single sign-on's one-time ticket for a session. */
export async function attemptSsoSession(ticket: string): Promise<LoginAttempt> {
  try {
    const { json } = await httpClient(apiUrl('/api/v1/sso/session'), {
      method: 'POST',
      body: JSON.stringify({ ticket }),
    });
    const answer = json as LoginAnswer;
    if (!answer?.token || !answer.user) throw new Error('Sign-in answer without token or user');
    return { answer };
  } catch (error) {
    console.error('Single sign-on failed', error);
    return { answer: null, status: statusOf(error) };
  }
}

/** POST /api/v1/login: `{ token, user }`, or null (logged) on any failure. */
export async function loginRequest(
  username: string,
  password: string,
): Promise<LoginAnswer | null> {
  return (await attemptLogin(username, password)).answer;
}

/**
 * GET /api/v1/logout: whether the server revoked the session (failures logged), and for a
 * session of single sign-on the identity provider's sign-out address to go to.
 */
export async function signOutRequest(
  token?: string,
): Promise<{ ok: boolean; endSessionUrl?: string }> {
  try {
    const { json } = await httpClient(apiUrl('/api/v1/logout'), {
      headers: token ? { Authorization: `Bearer ${token}` } : undefined,
    });
    const endSessionUrl = (json as { endSessionUrl?: unknown } | undefined)?.endSessionUrl;
    return { ok: true, ...(typeof endSessionUrl === 'string' && { endSessionUrl }) };
  } catch (error) {
    console.error('Sign-out failed', error);
    return { ok: false };
  }
}

/** GET /api/v1/logout: true when the server revoked the session, false (logged) otherwise. */
export async function logoutRequest(token?: string): Promise<boolean> {
  return (await signOutRequest(token)).ok;
}

/** GET /api/v1/verifyLogin: the user the server knows for this session, or null. */
export async function verifyLoginRequest(token?: string | null): Promise<User | null> {
  try {
    const { json } = await httpClient(apiUrl('/api/v1/verifyLogin'), {
      headers: token ? { Authorization: `Bearer ${token}` } : undefined,
    });
    return (json as { user?: User } | undefined)?.user ?? null;
  } catch (error) {
    if (statusOf(error) !== 401) console.error('Login verification failed', error);
    return null;
  }
}

/** POST /api/v1/register: the server's true/false, or false (logged) on any failure. */
export async function registerAccount(payload: RegisterPayload): Promise<boolean> {
  try {
    const { json } = await httpClient(apiUrl('/api/v1/register'), {
      method: 'POST',
      body: JSON.stringify(payload),
    });
    return json === true;
  } catch (error) {
    console.error('Registration failed', error);
    return false;
  }
}
