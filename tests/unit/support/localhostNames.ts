import { lookup } from 'node:dns';

// Tenants are told apart by their host name (acme.localhost). Browsers resolve every
// *.localhost name to the loopback address; Node's resolver does not. This points Node's own
// fetch (its bundled undici, whose global dispatcher is kept under a well-known symbol) at a
// dispatcher that resolves *.localhost like a browser, so the web app can call the real server
// at http://acme.localhost:<port>.

const DISPATCHER = Symbol.for('undici.globalDispatcher.1');

type Lookup = typeof lookup;
const isLocalhost = (name: string) => name === 'localhost' || name.endsWith('.localhost');
const localhostLookup = ((hostname: string, options: object, callback: never) =>
  lookup(isLocalhost(hostname) ? '127.0.0.1' : hostname, options, callback)) as Lookup;

/** Makes fetch resolve localhost and *.localhost to 127.0.0.1 (`base` is any URL fetch can reach). */
export async function resolveLocalhostNames(base: string): Promise<void> {
  const global = globalThis as unknown as Record<symbol, object | undefined>;
  // The default dispatcher is made on the first fetch: its class is the one to use.
  if (!global[DISPATCHER]) await fetch(base).then((answer) => answer.arrayBuffer());
  const Agent = global[DISPATCHER]!.constructor as new (options: object) => object;
  global[DISPATCHER] = new Agent({ connect: { lookup: localhostLookup } });
}
