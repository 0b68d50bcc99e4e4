import type { User } from '../../../common/types';
import { apiUrl, httpRequest } from '../../ui/api/httpClient';
import { SESSION_KEYS, writeSessionJson } from '../../ui/api/storageKeys';

// The own-profile calls (server/routes/profile/meRoutes.ts). A changed name is written to the
// stored user as well, so the app bar shows it without a new sign-in.

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

export async function changePassword(currentPassword: string, newPassword: string) {
  await httpRequest(apiUrl('/api/v1/me/password'), {
    method: 'POST',
    ...json({ currentPassword, newPassword }),
  });
}
