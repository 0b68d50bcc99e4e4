import { networkInterfaces } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startAnalyticsServer, type AnalyticsServer } from '../datasourcesHarness';

// Where a source may point, over HTTP: a special-purpose address that is not globally
// reachable (documentation, benchmarking, reserved, multicast, broadcast…) or one of this
// machine's own interface addresses is refused when a source is saved, tested or used, with a
// 400 naming config.host and why (used: 400 naming host). Every host is an IP literal refused
// before anything connects. Should a check be missing, still no packet leaves for a
// non-loopback address: the server skips the privilege check, the one connection saving makes
// (DATASOURCE_ALLOW_PRIVILEGED_USERS), and only broadcast and multicast sources are tested or
// read, which the kernel refuses to connect to without sending anything.

const RESERVED = /is a reserved\/documentation address not reachable on the internet/;
const ANY_REFUSAL =
  /is a loopback or private address|is a reserved\/documentation address|is this server's own address/;

const RESERVED_HOSTS = [
  '192.0.0.8',
  '192.0.2.1',
  '192.88.99.1',
  '198.18.0.1',
  '198.51.100.7',
  '203.0.113.9',
  '224.0.0.1',
  '240.0.0.1',
  '255.255.255.255',
  '[::ffff:192.0.2.1]',
  '[64:ff9b::cb00:7109]',
  '[100::1]',
  '[2001:2::1]',
  '[2001:db8::1]',
  '[2002:c000:201::]',
  '[3fff::1]',
  '[5f00::1]',
  '[ff0e::1]',
];

const TYPES = ['postgres', 'mysql', 'clickhouse'] as const;

/** This machine's interface addresses other than loopback, as a source host. */
function ownHosts(): string[] {
  return Object.values(networkInterfaces())
    .flat()
    .filter((info) => info && !info.internal)
    .map((info) => (info!.family === 'IPv6' ? `[${info!.address}]` : info!.address));
}

describe('source hosts', () => {
  let server: AnalyticsServer;
  let auth: { token: string; site: string };
  let saved = 0;

  const save = (type: string, host: string) =>
    call(server, 'POST', '/api/v1/datasources', {
      ...auth,
      body: { name: `source ${++saved}`, type, config: { host, database: 'x', user: 'u' } },
    });

  /** A source saved at 127.0.0.1 (allowed), moved to `host` in the store: saved before. */
  async function storedAt(host: string): Promise<number> {
    const created = await save('postgres', '127.0.0.1');
    expect(created.status).toBe(200);
    const config = { host, port: 5432, database: 'x', user: 'u', ssl: false };
    await server.app.db
      .updateTable('data_sources')
      .set({ config_json: JSON.stringify(config) })
      .where('id', '=', created.json.id)
      .execute();
    return created.json.id;
  }

  beforeAll(async () => {
    server = await startAnalyticsServer({
      allowedHosts: ['127.0.0.1'],
      env: { DATASOURCE_ALLOW_PRIVILEGED_USERS: 'true' },
    });
    auth = { token: await server.sessionFor('acme', 'admin'), site: 'acme' };
  });
  afterAll(async () => {
    await server?.close();
  });

  it.for(RESERVED_HOSTS)('refuses saving a source at %s, naming config.host', async (host) => {
    for (const type of TYPES) {
      const answer = await save(type, host);
      expect(answer.status, type).toBe(400);
      expect(answer.json.field).toBe('config.host');
      expect(answer.json.message).toMatch(RESERVED);
      expect(answer.json.message).toMatch(/DATASOURCE_ALLOWED_HOSTS/);
    }
  });

  it('refuses moving a saved source to a documentation address', async () => {
    const created = await save('postgres', '127.0.0.1');
    expect(created.status).toBe(200);
    const answer = await call(server, 'PUT', `/api/v1/datasources/${created.json.id}`, {
      ...auth,
      body: {
        name: 'moved',
        type: 'postgres',
        config: { host: '198.51.100.7', database: 'x', user: 'u' },
      },
    });
    expect(answer.status).toBe(400);
    expect(answer.json.field).toBe('config.host');
    expect(answer.json.message).toMatch(/"198\.51\.100\.7" \(198\.51\.100\.7\) is a reserved/);
  });

  it("refuses saving a source at each of this machine's own addresses", async (context) => {
    const hosts = ownHosts();
    if (hosts.length === 0) return context.skip();
    for (const host of hosts) {
      const answer = await save('postgres', host);
      expect(answer.status, host).toBe(400);
      expect(answer.json.field).toBe('config.host');
      expect(answer.json.message).toMatch(ANY_REFUSAL);
    }
  });

  it.for(['255.255.255.255', '224.0.0.1'])(
    'refuses testing a stored source at %s before connecting',
    async (host) => {
      const id = await storedAt(host);
      const answer = await call(server, 'POST', `/api/v1/datasources/${id}/test`, auth);
      expect(answer.status).toBe(400);
      expect(answer.json.field).toBe('config.host');
      expect(answer.json.message).toMatch(RESERVED);
    },
  );

  it('refuses reading the schema of a stored source at a broadcast address', async () => {
    const id = await storedAt('255.255.255.255');
    const answer = await call(server, 'GET', `/api/v1/datasources/${id}/schema`, auth);
    expect(answer.status).toBe(400);
    expect(answer.json.field).toBe('host');
    expect(answer.json.message).toMatch(RESERVED);
  });
});
