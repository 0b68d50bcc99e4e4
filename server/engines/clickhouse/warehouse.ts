import { lookup } from 'node:dns/promises';
import { mkdir } from 'node:fs/promises';
import type { ClickHouseClient } from '@clickhouse/client';
import type { UploadResult } from '../../../common/api/uploads';
import { badRequest, conflict, notFound } from '../../errors';
import { createClickhouseClient } from './client';
import { withoutRowValues } from '../rowValues';
import { openClickhouseConnector } from './connector';
import {
  ingestIntoClickhouse,
  putInPlace,
  quoteLiteralCh,
  quoteName,
  tableExistsIn,
  temporaryName,
  type ClickhouseTarget,
} from './ingestion';
import type { ClickhouseWarehouseConfig } from '../../config';
import * as derivedTables from './derivedTables';
import {
  ensureTenantUser,
  removeTenantUser,
  tenantIdentity,
  type TenantIdentity,
} from './warehouseUsers';
import type { Connector } from '../connector';
import { requireTableName } from '../duckdb/warehouse';
import { castFormatOf, SPACES, type NumberFormat } from '../duckdb/textNumbers';
import type {
  IngestOptions,
  TenantWarehouse,
  UploadFormat,
  WarehouseColumn,
  WarehouseColumnType,
  WarehouseStore,
} from '../tenantWarehouse';

// Every tenant's warehouse in one ClickHouse server (WAREHOUSE_URL): database
// `<prefix>_<accountId>`, created on first use with the tenant's user
// (warehouseUsers.ts), dropped with the account. The administrator's connection
// writes (uploads, survey rows, type changes, drops); the tenant's queries go through the
// ClickHouse connector signed in as the tenant's user, whose rights and profile bound them:
// its own database, readonly=1, the server's time, row and memory limits.

const CLICKHOUSE_TYPES: Record<WarehouseColumnType, string> = {
  text: 'Nullable(String)',
  double: 'Nullable(Float64)',
  date: 'Nullable(Date)',
  timestamp: "Nullable(DateTime('UTC'))",
  bigint: 'Nullable(Int64)',
};

/** The column types an editor may choose (DuckDB's names) as ClickHouse types. */
const ALTER_TYPES: Record<string, string> = {
  VARCHAR: 'String',
  TEXT: 'String',
  BOOLEAN: 'UInt8',
  TINYINT: 'Int8',
  SMALLINT: 'Int16',
  INTEGER: 'Int32',
  BIGINT: 'Int64',
  HUGEINT: 'Float64',
  FLOAT: 'Float32',
  DOUBLE: 'Float64',
  DATE: 'Date',
  TIME: 'String',
  TIMESTAMP: "DateTime('UTC')",
  TIMESTAMPTZ: "DateTime('UTC')",
};

function alterType(type: string): string {
  const name = type.trim().toUpperCase();
  if (/^DECIMAL\(\d{1,2},\s*\d{1,2}\)$/.test(name)) return 'Nullable(Float64)';
  const mapped = ALTER_TYPES[name];
  if (!mapped) throw badRequest(`Unsupported column type "${type}".`, 'type');
  return `Nullable(${mapped})`;
}

/** Text `value` written in `format` as the text ClickHouse casts to a number. */
function clickhouseNumberText(value: string, { decimal, thousands }: NumberFormat): string {
  let plain = `replaceRegexpAll(${value}, '^ +| +$', '')`;
  if (thousands === ' ') plain = `replaceRegexpAll(${plain}, '[${SPACES}]', '')`;
  else if (thousands) plain = `replaceAll(${plain}, ${quoteLiteralCh(thousands)}, '')`;
  if (decimal === ',') plain = `replaceAll(${plain}, ',', '.')`;
  return plain;
}

/** A value as JSONEachRow takes it for a column of `type`. */
function jsonValue(type: WarehouseColumnType, value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (type === 'timestamp') {
    const date = new Date(String(value).endsWith('Z') ? String(value) : `${String(value)}Z`);
    return date.toISOString().slice(0, 19).replace('T', ' ');
  }
  if (type === 'date') return String(value).slice(0, 10);
  if (type === 'double' || type === 'bigint') return Number(value);
  return String(value);
}

function firstLine(error: unknown): string {
  return withoutRowValues(String((error as Error).message ?? error))
    .split('\n')[0]
    .replace(/, e\.what\(\) = DB::Exception$/, '');
}

class ClickhouseTenantWarehouse implements TenantWarehouse {
  constructor(
    private readonly target: ClickhouseTarget,
    private readonly inDatabase: derivedTables.TenantDatabaseClient,
  ) {}

  private name(table: string): string {
    return `${quoteName(this.target.database)}.${quoteName(table)}`;
  }

  private async rows(query: string): Promise<unknown[][]> {
    const result = await this.target.client.query({ query, format: 'JSONCompact' });
    return ((await result.json()) as { data: unknown[][] }).data;
  }

  tableExists(table: string): Promise<boolean> {
    return tableExistsIn(this.target, table);
  }

  async describeTable(table: string): Promise<UploadResult> {
    if (!(await this.tableExists(table))) throw notFound(`Table "${table}"`);
    const columns = await this.rows(`DESCRIBE TABLE ${this.name(table)}`);
    const [[count]] = await this.rows(`SELECT count() FROM ${this.name(table)}`);
    return {
      table,
      columns: columns.map(([name, type]) => ({ name: String(name), type: String(type) })),
      rowCount: Number(count),
    };
  }

  async countTables(): Promise<number> {
    const [[count]] = await this.rows(
      `SELECT count() FROM system.tables WHERE database = ${quoteLiteralCh(this.target.database)} ` +
        "AND NOT startsWith(name, '__bb_')",
    );
    return Number(count);
  }

  async ingestFile(
    stagedPath: string,
    table: string,
    format: UploadFormat,
    options: IngestOptions = {},
  ): Promise<UploadResult> {
    requireTableName(table);
    const exists = await this.tableExists(table);
    if (options.append && !exists) throw notFound(`Table "${table}"`);
    if (!options.replace && !options.append && exists) {
      throw conflict(`A table named "${table}" already exists.`, 'table');
    }
    const read = await ingestIntoClickhouse(this.target, stagedPath, table, format, options);
    return { ...(await this.describeTable(table)), ...read };
  }

  /** Rebuilt under a temporary name with the new types, then put in place: all or nothing. */
  async alterColumnTypes(
    table: string,
    changes: { name: string; type: string }[],
  ): Promise<UploadResult> {
    requireTableName(table);
    const types = new Map(changes.map((change) => [change.name, alterType(change.type)]));
    const current = await this.describeTable(table);
    for (const change of changes) {
      if (!current.columns.some((column) => column.name === change.name)) {
        throw badRequest(`Table "${table}" has no column "${change.name}".`, 'name');
      }
    }
    const rebuilt = temporaryName('alter');
    const selected: string[] = [];
    for (const column of current.columns) {
      const type = types.get(column.name);
      const name = quoteName(column.name);
      const value = type ? await this.castableText(table, column, type) : name;
      selected.push(type ? `CAST(${value} AS ${type}) AS ${name}` : name);
    }
    try {
      await this.target.client.command({
        query:
          `CREATE TABLE ${this.name(rebuilt)} ENGINE = MergeTree ORDER BY tuple() AS ` +
          `SELECT ${selected.join(', ')} FROM ${this.name(table)}`,
      });
      await this.requireNoValueLost(table, rebuilt, changes);
      await putInPlace(this.target, rebuilt, table);
    } catch (error) {
      await this.dropTable(rebuilt).catch(() => undefined);
      throw badRequest(`The column types could not be changed: ${firstLine(error)}`, 'type');
    }
    return this.describeTable(table);
  }

  /**
   * What a text column changed to a number is cast from: its values as a cast reads them when
   * they are written with separators ("209,30", "1.207,84"); otherwise the column.
   */
  private async castableText(
    table: string,
    column: { name: string; type: string },
    type: string,
  ): Promise<string> {
    const name = quoteName(column.name);
    if (!/String/.test(column.type) || !/Int|Float|Decimal/.test(type)) return name;
    const sample = await this.rows(
      `SELECT ${name} FROM ${this.name(table)} WHERE ${name} != '' LIMIT 1000`,
    );
    const format = castFormatOf(sample.map(([value]) => String(value).trim()));
    return format ? clickhouseNumberText(name, format) : name;
  }

  /**
   * ClickHouse 18.16 casts a text it cannot read to a Nullable type as NULL: a change that
   * turned a value into NULL is refused, as DuckDB refuses a cast that fails.
   */
  private async requireNoValueLost(
    table: string,
    rebuilt: string,
    changes: { name: string; type: string }[],
  ) {
    const counts = changes.map((c) => `count(${quoteName(c.name)})`).join(', ');
    const [before] = await this.rows(`SELECT ${counts} FROM ${this.name(table)}`);
    const [after] = await this.rows(`SELECT ${counts} FROM ${this.name(rebuilt)}`);
    changes.forEach((change, i) => {
      if (Number(before[i]) !== Number(after[i])) {
        const type = change.type.trim().toUpperCase();
        throw new Error(`some values of "${change.name}" cannot be read as ${type}.`);
      }
    });
  }

  async dropTable(table: string): Promise<void> {
    await this.target.client.command({ query: `DROP TABLE IF EXISTS ${this.name(table)}` });
  }

  createTableAs(table: string, select: string): Promise<void> {
    return derivedTables.createTableAs(this.target, this.inDatabase, table, select);
  }

  replaceRowsWhere(table: string, where: string, select: string): Promise<void> {
    return derivedTables.replaceRowsWhere(this.target, this.inDatabase, table, where, select);
  }

  tableBytes(table: string): Promise<number | null> {
    return derivedTables.tableBytes(this.target, table);
  }

  async replaceTable(table: string, columns: WarehouseColumn[], rows: unknown[][]) {
    requireTableName(table);
    const loading = temporaryName('load');
    const definition = columns.map((c) => `${quoteName(c.name)} ${CLICKHOUSE_TYPES[c.type]}`);
    try {
      await this.target.client.command({
        query:
          `CREATE TABLE ${this.name(loading)} (${definition.join(', ')}) ` +
          'ENGINE = MergeTree ORDER BY tuple()',
      });
      if (rows.length > 0) await this.insert(loading, columns, rows);
      await putInPlace(this.target, loading, table);
    } catch (error) {
      await this.dropTable(loading).catch(() => undefined);
      throw error;
    }
  }

  private insert(table: string, columns: WarehouseColumn[], rows: unknown[][]) {
    const values = rows.map((row) =>
      Object.fromEntries(columns.map((c, i) => [c.name, jsonValue(c.type, row[i])])),
    );
    return this.target.client.insert({ table: this.name(table), values, format: 'JSONEachRow' });
  }

  /**
   * Looked up, then inserted: not one atomic step. The survey answer job runs one copy of an
   * answer at a time (its key), which is what keeps an answer to one row.
   */
  async appendRowOnce(table: string, columns: WarehouseColumn[], row: unknown[], key: string) {
    requireTableName(table);
    if (!(await this.tableExists(table))) return false;
    const present = (await this.describeTable(table)).columns.map((column) => column.name);
    if (!present.includes(key)) {
      await this.target.client.command({
        query: `ALTER TABLE ${this.name(table)} ADD COLUMN ${quoteName(key)} Nullable(Int64)`,
      });
    }
    const keyValue = Number(row[columns.findIndex((c) => c.name === key)]);
    const [[count]] = await this.rows(
      `SELECT count() FROM ${this.name(table)} WHERE ${quoteName(key)} = ${keyValue}`,
    );
    if (Number(count) === 0) await this.insert(table, columns, [row]);
    return true;
  }
}

/** What the store reads of the server's settings on every use. */
export interface ClickhouseStoreSettings {
  appSecret: string;
  staging: (accountId: number) => string;
  scratchSettings: (accountId: number) => Record<string, string>;
}

export function clickhouseWarehouseStore(
  config: ClickhouseWarehouseConfig,
  settings: () => ClickhouseStoreSettings,
): WarehouseStore {
  let address: Promise<string> | undefined;
  const addressOf = () => {
    address ??= lookup(config.host).then((found) => found.address);
    address.catch(() => (address = undefined));
    return address;
  };
  const connectionOf = (user: string, password: string, database: string) => ({
    host: config.host,
    port: config.port,
    ssl: config.ssl,
    user,
    password,
    database,
  });
  let adminClient: Promise<ClickHouseClient> | undefined;
  const admin = () => {
    adminClient ??= addressOf().then((found) =>
      createClickhouseClient(connectionOf(config.user, config.password, 'system'), {
        address: found,
        port: config.port,
      }),
    );
    return adminClient;
  };
  /** Accounts whose database and user are known to exist (per process). */
  const ready = new Map<number, Promise<TenantIdentity>>();

  const identityOf = (accountId: number) => tenantIdentity(config, settings().appSecret, accountId);

  function ensure(accountId: number): Promise<TenantIdentity> {
    let known = ready.get(accountId);
    if (!known) {
      known = (async () => {
        const identity = identityOf(accountId);
        const client = await admin();
        await client.command({
          query: `CREATE DATABASE IF NOT EXISTS ${quoteName(identity.database)}`,
        });
        await ensureTenantUser(client, config, identity);
        return identity;
      })();
      ready.set(accountId, known);
      known.catch(() => ready.delete(accountId));
    }
    return known;
  }

  return {
    engine: 'clickhouse',
    async use(accountId, work) {
      const identity = await ensure(accountId);
      const { staging, scratchSettings } = settings();
      // Uploads and the demo files are staged there first, as for a DuckDB warehouse.
      await mkdir(staging(accountId), { recursive: true });
      const inDatabase = async () =>
        createClickhouseClient(connectionOf(config.user, config.password, identity.database), {
          address: await addressOf(),
          port: config.port,
        });
      return work(
        new ClickhouseTenantWarehouse(
          {
            client: await admin(),
            database: identity.database,
            staging: staging(accountId),
            scratchSettings: scratchSettings(accountId),
          },
          inDatabase,
        ),
      );
    },
    async openConnector(accountId): Promise<Connector> {
      const identity = await ensure(accountId);
      return openClickhouseConnector(
        connectionOf(identity.user, identity.password, identity.database),
        { address: await addressOf(), port: config.port },
      );
    },
    async storageBytes(accountId) {
      const client = await admin();
      const result = await client.query({
        query:
          'SELECT sum(bytes_on_disk) FROM system.parts WHERE active AND database = ' +
          quoteLiteralCh(identityOf(accountId).database),
        format: 'JSONCompact',
      });
      const { data } = (await result.json()) as { data: [[string | number | null]] };
      return Number(data[0][0] ?? 0);
    },
    release: async () => undefined,
    async remove(accountId) {
      const identity = identityOf(accountId);
      ready.delete(accountId);
      const client = await admin();
      await removeTenantUser(client, config, identity);
      await client.command({ query: `DROP DATABASE IF EXISTS ${quoteName(identity.database)}` });
    },
    async close() {
      const client = adminClient;
      adminClient = undefined;
      ready.clear();
      if (client) await (await client).close();
    },
  };
}
