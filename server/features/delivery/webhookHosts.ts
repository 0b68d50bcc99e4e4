import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { badRequest } from '../../errors';
import { addressRefusal } from '../../engines/hostPolicy';

// Where a webhook may point: not at a loopback, private, reserved or this server's own
// address (a tenant would reach inside the installation) unless the operator lists its host
// in WEBHOOK_ALLOWED_HOSTS. Checked when the subscription is saved and again before each
// delivery (the name may resolve elsewhere by then).

export async function checkWebhookUrl(url: string, allowedHosts: string[]): Promise<void> {
  const parsed = new URL(url);
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') {
    throw badRequest('must be an http(s) address', 'webhookUrl');
  }
  const host = parsed.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (allowedHosts.includes(host) || allowedHosts.includes(parsed.host.toLowerCase())) return;
  let addresses: string[];
  try {
    addresses = isIP(host)
      ? [host]
      : (await lookup(host, { all: true, verbatim: true })).map((answer) => answer.address);
  } catch {
    throw badRequest(`Host "${host}" was not found (DNS lookup failed).`, 'webhookUrl');
  }
  for (const address of addresses) {
    const refusal = addressRefusal(address);
    if (refusal) {
      throw badRequest(
        `Host "${host}" (${address}) ${refusal}; the operator must list it in WEBHOOK_ALLOWED_HOSTS.`,
        'webhookUrl',
      );
    }
  }
}
