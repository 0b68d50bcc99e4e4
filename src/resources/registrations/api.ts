import type { PricingLink } from '../../../common/api/registrations';
import { apiUrl, httpClient } from '../../ui/api/httpClient';

// The registration decisions of the platform admin (approve, reject, fresh pricing link).

const path = (id: unknown, action: string) =>
  apiUrl(`/api/v1/registrations/${encodeURIComponent(String(id))}/${action}`);

export async function approveRegistration(id: unknown): Promise<PricingLink> {
  const { json } = await httpClient(path(id, 'approve'), { method: 'POST', body: '{}' });
  return json as PricingLink;
}

export async function newPricingLink(id: unknown): Promise<PricingLink> {
  const { json } = await httpClient(path(id, 'pricingLink'), { method: 'POST', body: '{}' });
  return json as PricingLink;
}

export async function rejectRegistration(id: unknown, reason: string): Promise<void> {
  await httpClient(path(id, 'reject'), { method: 'POST', body: JSON.stringify({ reason }) });
}
