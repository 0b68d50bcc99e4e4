import { HttpError, apiUrl, httpClient } from '../ui/api/httpClient';
import type { AccountRedirect, InvitationDetails } from '../../common/api/invitations';
import type { PublicPricingPlan } from '../../common/api/plans';
import type { PublicDocument } from '../../common/api/content';
import type { SignInOptions } from '../../common/api/sso';
import type { AccountCreated, PendingRegistration } from '../../common/api/registrations';

// The public calls of the registration flow and the platform's public content.

async function getJson<T>(path: string): Promise<T> {
  const { json } = await httpClient(apiUrl(path), { handleAuthErrorsInCaller: true });
  return json as T;
}

async function postJson<T>(path: string, body: unknown, bearer?: string): Promise<T> {
  const { json } = await httpClient(apiUrl(path), {
    method: 'POST',
    body: JSON.stringify(body),
    shareToken: bearer,
    handleAuthErrorsInCaller: true,
  });
  return json as T;
}

/** True when a call failed with this HTTP status. */
export function failedWith(error: unknown, status: number): boolean {
  return error instanceof HttpError && error.status === status;
}

export const fetchPricingPlans = () => getJson<PublicPricingPlan[]>('/api/v1/public/pricingPlans');

export const fetchRegistration = (token: string) =>
  getJson<PendingRegistration>(`/api/v1/public/registrations/${encodeURIComponent(token)}`);

export const fetchInfoPage = (slug: string) =>
  getJson<PublicDocument & { slug: string }>(
    `/api/v1/public/info/${slug.split('/').map(encodeURIComponent).join('/')}`,
  );

export const fetchMessage = (type: string, id?: string) =>
  getJson<PublicDocument & { type: string }>(
    `/api/v1/public/messages/${encodeURIComponent(type)}${id ? `/${encodeURIComponent(id)}` : ''}`,
  );

export const createAccount = (plan: number, registrationToken: string) =>
  postJson<AccountCreated>('/node/api/v1/accountRegistrations', { plan, registrationToken });

export const fetchInvitation = (invitation: string) =>
  getJson<InvitationDetails>(`/api/v1/public/invitations/${encodeURIComponent(invitation)}`);

export const createPassword = (invitation: string, password: string) =>
  postJson<{ ok: boolean }>('/api/v1/createPassword', { invitation, password });

export const verifyAndRedirectAccount = (activationToken: string) =>
  postJson<AccountRedirect>('/api/v1/verifyAndRedirectAccount', {}, activationToken);

/** How this site's sign-in page may sign in: passwords, single sign-on. */
export const fetchSignInOptions = () => getJson<SignInOptions>('/api/v1/signInOptions');
