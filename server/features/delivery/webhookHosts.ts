import { badRequest } from '../../errors';
import { outboundUrlRefusal } from '../../services/outboundUrls';

// Where a webhook may point (services/outboundUrls.ts): checked when the subscription is saved
// and again before each delivery; a host on a private or own address must be listed in
// WEBHOOK_ALLOWED_HOSTS.

export async function checkWebhookUrl(url: string, allowedHosts: string[]): Promise<void> {
  const refusal = await outboundUrlRefusal(new URL(url), allowedHosts);
  if (!refusal) return;
  const hint = refusal.listable ? '; the operator must list it in WEBHOOK_ALLOWED_HOSTS.' : '';
  throw badRequest(`${refusal.reason}${hint}`, 'webhookUrl');
}
