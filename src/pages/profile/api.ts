import type { User } from '../../../common/types';
import type { LanguageCode } from '../../../common/languages';
import { apiUrl, httpRequest } from '../../ui/api/httpClient';
import { SESSION_KEYS, writeSessionJson } from '../../ui/api/storageKeys';

// The own-profile calls (server/features/me/routes.ts). A changed name or language is written
// to the stored user as well, so the app bar and the language follow without a new sign-in.

const json = (body: unknown): RequestInit => ({
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

export async function fetchMe(): Promise<User> {
  return (await httpRequest<User>(apiUrl('/api/v1/me'))).data;
}

export async function saveFullName(fullName: string): Promise<User> {
  const { data } = await httpRequest<User>(apiUrl('/api/v1/me'), {
    method: 'PUT',
    ...json({ fullName }),
  });
  writeSessionJson(SESSION_KEYS.user, data);
  return data;
}

/** The own language (null: the account's default); the app switches to it at once. */
export async function saveLanguage(language: LanguageCode | null): Promise<User> {
  const { data } = await httpRequest<User>(apiUrl('/api/v1/me'), {
    method: 'PUT',
    ...json({ language }),
  });
  writeSessionJson(SESSION_KEYS.user, data);
  return data;
}

export async function changePassword(currentPassword: string, newPassword: string) {
  await httpRequest(apiUrl('/api/v1/me/password'), {
    method: 'POST',
    ...json({ currentPassword, newPassword }),
  });
}
