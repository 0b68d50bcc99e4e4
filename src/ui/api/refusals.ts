import { isBusinessRefusal, type User } from '../../../common/types';
import { translateText } from '../i18n/i18nProvider';
import { SESSION_KEYS, readSessionJson } from './storageKeys';

// Which refusals end the session. Spec §8 sends 401 and 403 answers to /login; a 403 that
// carries a business refusal code (common/types.ts REFUSAL_CODES) refuses one action, not
// the caller, so it reaches the screen where the action was and the user stays signed in.

/** Whether a failed answer refuses the caller's session or access (then: to /login). */
export function refusesSession(status: number | undefined, body: unknown): boolean {
  if (status === 401) return true;
  return status === 403 && !isBusinessRefusal(body);
}

/**
 * What to tell the user about a business refusal: the server's message, and for a plan limit
 * whom to ask for a larger plan (the account's admin; for the admin, their provider — a
 * tenant's pages never name the platform or its offers).
 */
export function refusalMessage(message: string, body: unknown): string {
  if ((body as { code?: unknown } | null)?.code !== 'plan-limit') return message;
  const role = readSessionJson<User>(SESSION_KEYS.user)?.role;
  const hint = role === 'admin' ? 'app.refusals.planLimitAdmin' : 'app.refusals.planLimitMember';
  return `${message} ${translateText(hint)}`;
}
