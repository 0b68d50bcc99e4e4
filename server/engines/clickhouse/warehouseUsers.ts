import { createHash, createHmac } from 'node:crypto';
import { mkdir, rename, rm, writeFile, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createClient, ClickHouseLogLevel, type ClickHouseClient } from '@clickhouse/client';
import type { ClickhouseWarehouseConfig, ClickhouseWarehouseLimits } from '../../config';

// The tenant's ClickHouse user: it may read its own database only, with readonly=1 and the
// server's limits on every query, whatever the query says. Its password is derived from
// APP_SECRET (every instance knows it, none stores it). Two ways to make it:
//
// - WAREHOUSE_USERS_DIR (ClickHouse 18.16, which has no users in SQL): a users file per tenant
//   in a folder the server merges into its users configuration (users.d beside users.xml),
//   with its own profile (readonly=1, max_execution_time, max_result_rows, max_memory_usage),
//   `allow_databases` naming the tenant's database only, and the password as a SHA-256 hash.
//   The server reloads users files on change (every 2 s on 18.16), so the first use waits
//   until the user can sign in.
// - Otherwise (current servers): CREATE USER … DEFAULT DATABASE … SETTINGS readonly = 1, … and
//   GRANT SELECT, SHOW ON <database>.* through the administrator's connection. Written for
//   current servers; 18.16 cannot run it, so it is not tested here.

export interface TenantIdentity {
  database: string;
  user: string;
  password: string;
}

/** How long the first use waits for the server to read a new users file. */
const LOGIN_WAIT_MS = 20_000;

export function tenantIdentity(
  config: ClickhouseWarehouseConfig,
  appSecret: string,
  accountId: number,
): TenantIdentity {
  if (!Number.isInteger(accountId) || accountId <= 0) {
    throw new Error(`Bad account id ${accountId}.`);
  }
  const name = `${config.prefix}_${accountId}`;
  const password = createHmac('sha256', appSecret)
    .update(`clickhouse-warehouse:${config.host}:${config.port}:${name}`)
    .digest('base64url');
  return { database: name, user: name, password };
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** The users file of a tenant (names are [a-z0-9_], checked by the configuration). */
export function tenantUsersXml(
  identity: TenantIdentity,
  limits: ClickhouseWarehouseLimits,
): string {
  const { user, database } = identity;
  return `<?xml version="1.0"?>
<!-- Written by Brandboard: the warehouse user of one tenant. Do not edit. -->
<yandex>
    <profiles>
        <${user}>
            <readonly>1</readonly>
            <max_execution_time>${limits.maxExecutionSeconds}</max_execution_time>
            <timeout_overflow_mode>throw</timeout_overflow_mode>
            <max_result_rows>${limits.maxResultRows}</max_result_rows>
            <result_overflow_mode>throw</result_overflow_mode>
            <max_memory_usage>${limits.maxMemoryBytes}</max_memory_usage>
        </${user}>
    </profiles>
    <quotas>
        <${user}>
            <interval>
                <duration>3600</duration>
                <queries>0</queries>
                <errors>0</errors>
                <result_rows>0</result_rows>
                <read_rows>0</read_rows>
                <execution_time>0</execution_time>
            </interval>
        </${user}>
    </quotas>
    <users>
        <${user}>
            <password_sha256_hex>${sha256(identity.password)}</password_sha256_hex>
            <networks><ip>::/0</ip></networks>
            <profile>${user}</profile>
            <quota>${user}</quota>
            <allow_databases><database>${database}</database></allow_databases>
        </${user}>
    </users>
</yandex>
`;
}

/** The SQL that makes the tenant user on current servers (users and grants in SQL). */
export function tenantUserStatements(
  identity: TenantIdentity,
  limits: ClickhouseWarehouseLimits,
): string[] {
  const { user, database } = identity;
  const definition =
    `IDENTIFIED WITH sha256_hash BY '${sha256(identity.password)}' ` +
    `DEFAULT DATABASE \`${database}\` SETTINGS readonly = 1, ` +
    `max_execution_time = ${limits.maxExecutionSeconds}, ` +
    `max_result_rows = ${limits.maxResultRows}, result_overflow_mode = 'throw', ` +
    `max_memory_usage = ${limits.maxMemoryBytes}`;
  return [
    `CREATE USER IF NOT EXISTS \`${user}\` ${definition}`,
    `ALTER USER \`${user}\` ${definition}`,
    `REVOKE ALL ON *.* FROM \`${user}\``,
    `GRANT SELECT, SHOW TABLES, SHOW COLUMNS ON \`${database}\`.* TO \`${user}\``,
  ];
}

function usersFile(config: ClickhouseWarehouseConfig, identity: TenantIdentity): string {
  return join(config.usersDir!, `${identity.user}.xml`);
}

async function readOr(path: string): Promise<string | undefined> {
  try {
    return await readFile(path, 'utf8');
  } catch {
    return undefined;
  }
}

/** A client signed in as the tenant (the warehouse connector makes its own). */
function tenantProbe(
  config: ClickhouseWarehouseConfig,
  identity: TenantIdentity,
): ClickHouseClient {
  return createClient({
    url: `${config.ssl ? 'https' : 'http'}://${config.host}:${config.port}`,
    username: identity.user,
    password: identity.password,
    database: identity.database,
    keep_alive: { enabled: false },
    compression: { request: false, response: false },
    log: { level: ClickHouseLogLevel.OFF },
  });
}

/** Waits until the tenant can sign in (the server has read its users file). */
async function waitForLogin(config: ClickhouseWarehouseConfig, identity: TenantIdentity) {
  const probe = tenantProbe(config, identity);
  const until = Date.now() + LOGIN_WAIT_MS;
  try {
    for (;;) {
      try {
        await probe.query({ query: 'SELECT 1', format: 'JSONCompact' }).then((r) => r.text());
        return;
      } catch (error) {
        if (Date.now() > until) {
          throw new Error(
            `The warehouse user ${identity.user} cannot sign in ${LOGIN_WAIT_MS / 1000} s after ` +
              `its users file was written: does ClickHouse read WAREHOUSE_USERS_DIR? ` +
              `(${String((error as Error).message).split('\n')[0]})`,
            { cause: error },
          );
        }
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    }
  } finally {
    await probe.close();
  }
}

/** Makes (or brings up to date) the tenant's user; resolves once it can sign in. */
export async function ensureTenantUser(
  admin: ClickHouseClient,
  config: ClickhouseWarehouseConfig,
  identity: TenantIdentity,
): Promise<void> {
  if (config.usersDir) {
    const file = usersFile(config, identity);
    const xml = tenantUsersXml(identity, config.limits);
    if ((await readOr(file)) !== xml) {
      await mkdir(config.usersDir, { recursive: true });
      // Written beside and renamed: the server never reads half a file.
      const partial = `${file}.${process.pid}.partial`;
      await writeFile(partial, xml, { mode: 0o640 });
      await rename(partial, file);
    }
  } else {
    for (const query of tenantUserStatements(identity, config.limits)) {
      await admin.command({ query });
    }
  }
  await waitForLogin(config, identity);
}

export async function removeTenantUser(
  admin: ClickHouseClient,
  config: ClickhouseWarehouseConfig,
  identity: TenantIdentity,
): Promise<void> {
  if (config.usersDir) await rm(usersFile(config, identity), { force: true });
  else await admin.command({ query: `DROP USER IF EXISTS \`${identity.user}\`` });
}
