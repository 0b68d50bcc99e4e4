import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { addressRefusal } from '../engines/hostPolicy';

// Where the server may be sent by a tenant's setting (a webhook, an identity provider): not to
// a loopback, private, reserved or this server's own address, where a tenant would reach inside
// the installation, unless the operator lists the host (`allowedHosts`, lower case, `host` or
// `host:port`). A name is resolved and each of its addresses checked; callers check again just
// before each request, as the name may resolve elsewhere by then.

export interface OutboundRefusal {
  reason: string;
  /** Whether listing the host in the operator's allowed hosts would let the request go. */
  listable: boolean;
}

/** Why the server may not send a request to `url`, or null when it may. */
export async function outboundUrlRefusal(
  url: URL,
  allowedHosts: readonly string[],
): Promise<OutboundRefusal | null> {
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    return { reason: 'must be an http(s) address', listable: false };
  }
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (allowedHosts.includes(host) || allowedHosts.includes(url.host.toLowerCase())) return null;
  let addresses: string[];
  try {
    addresses = isIP(host)
      ? [host]
      : (await lookup(host, { all: true, verbatim: true })).map((answer) => answer.address);
  } catch {
    return { reason: `Host "${host}" was not found (DNS lookup failed).`, listable: false };
  }
  for (const address of addresses) {
    const refusal = addressRefusal(address);
    if (refusal) return { reason: `Host "${host}" (${address}) ${refusal}`, listable: true };
  }
  return null;
}
