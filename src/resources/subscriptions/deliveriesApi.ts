import type { Delivery } from '../../../common/api/subscriptions';
import { apiUrl, httpRequest } from '../../ui/api/httpClient';

// Pausing, resuming and deleting a line of the Subscriptions pages: a subscription or an alert,
// each by its own route.

const pathOf = (line: Delivery) =>
  apiUrl(`/api/v1/${line.kind === 'alert' ? 'alerts' : 'subscriptions'}/${line.recordId}`);

export async function setDeliveryPaused(line: Delivery, paused: boolean): Promise<void> {
  await httpRequest(pathOf(line), { method: 'PATCH', body: JSON.stringify({ paused }) });
}

export async function deleteDelivery(line: Delivery): Promise<void> {
  await httpRequest(pathOf(line), { method: 'DELETE' });
}
