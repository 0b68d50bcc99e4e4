import { REFUSAL_CODES, isBusinessRefusal, type User } from '../../../common/types';
import { i18nProvider, translateText } from '../i18n/i18nProvider';
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

/** Answers whose meaning the status says alone, translated when the app is not in English. */
const TRANSLATED_STATUSES = new Set([401, 403, 404, 413, 429]);

/**
 * The server's message in the language of the app: the server writes English, so in another
 * language a business refusal is told by its `code` and a plain 401/403/404/413/429 by its
 * status; anything else (a field's validation, a conflict) keeps the server's words.
 */
export function localisedMessage(status: number, message: string, body: unknown): string {
  if (i18nProvider.getLocale() === 'en') return message;
  const code = (body as { code?: unknown } | null)?.code;
  if (REFUSAL_CODES.includes(code as never)) return translateText(`app.errors.codes.${code}`);
  if (TRANSLATED_STATUSES.has(status)) return translateText(`app.errors.status.${status}`);
  return message;
}
