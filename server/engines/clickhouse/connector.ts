import { randomUUID } from 'node:crypto';
import type { ClickHouseClient, ClickHouseSettings } from '@clickhouse/client';
import type { DataSourceConfig, QueryResult } from '../../../common/analytics';
import {
  createClickhouseClient,
  readServerFacts,
  type JsonCompactAnswer,
  type ServerFacts,
} from './client';
import {
  CLICKHOUSE_CODES,
  clickhouseConnectMessage,
  clickhouseFailure,
  clickhouseQueryError,
  type SentQuery,
} from './errors';
import { inlineParams, queryParams, stringLiteral } from './params';
import { checkClickhouseStatement, isSelectStatement } from './statementGuard';
import { clickhouseRows } from './values';
import { connectTarget } from '../connectFailure';
import type { Connector, RunOptions, SourceSchema } from '../connector';
import type { CheckedHost } from '../hostPolicy';
import { cancelledError, QueryError, refusedError, timeoutError } from '../queryError';
import { elapsedSince, watchDeadline } from '../queryDeadline';
import { schemaOfColumns } from '../schemaListing';
import { privilegedUserMessage, type UserPolicy } from '../sourcePrivileges';
import { clickhousePrivileges } from './privileges';

// A ClickHouse source over its HTTP interface (@clickhouse/client). Every query carries a
// query_id, the time limit (max_execution_time) and readonly=1, so the server refuses writes,
// DDL, setting changes and table functions whatever the SQL says; user SQL is checked first
// (statementGuard.ts) and read through SELECT * FROM (…) LIMIT maxRows + 1. An abort
// sends KILL QUERY for that query_id on a request of its own: a closed HTTP request alone
// does not stop a query on servers before 19.
//
// The user's own readonly decides which settings a query may carry: 0 takes them all, 2 all
// but readonly (and is refused unless privileged users are allowed, see sourcePrivileges.ts),
// 1 none (the time limit is then the client's, which kills the query).

/** Extra time the client waits past max_execution_time before killing the query itself. */
const CLIENT_GRACE_MS = 1000;
/** The schema is read, and KILL QUERY sent, within this time. */
const METADATA_TIMEOUT_MS = 15_000;
/** Servers from this major version fill {p1:Type} placeholders from query parameters. */
const QUERY_PARAMETERS_SINCE = 20;

const WRAP_START = 'SELECT * FROM (\n';

/** Settings every query carries, as far as the user's readonly lets it set them. */
function querySettings(facts: ServerFacts, timeoutMs: number): ClickHouseSettings {
  if (facts.readonly === 1) return {};
  const limits = { max_execution_time: Math.max(1, Math.ceil(timeoutMs / 1000)) };
  return facts.readonly === 0 ? { ...limits, readonly: '1' } : limits;
}

interface PreparedQuery extends SentQuery {
  params?: Record<string, unknown>;
}

/** What is sent for `sql`: checked, its rows limited, its values bound (see above). */
function prepareQuery(sql: string, options: RunOptions, facts: ServerFacts): PreparedQuery {
  const statement = checkClickhouseStatement(sql);
  // The statement is the SQL less leading comments and trailing semicolons: its last
  // occurrence, not one inside a leading comment that holds the same text.
  const statementAt = sql.lastIndexOf(statement);
  const params = options.params ?? [];
  const serverBinds = facts.major >= QUERY_PARAMETERS_SINCE;
  let sent = params.length > 0 && !serverBinds ? inlineParams(statement, params) : statement;
  const wrap = !options.compiled && isSelectStatement(statement);
  if (wrap) sent = `${WRAP_START}${sent}\n)\nLIMIT ${options.maxRows + 1}`;
  return {
    sent,
    userSql: sql,
    userStartsAt: (wrap ? WRAP_START.length : 0) - statementAt,
    params: params.length > 0 && serverBinds ? queryParams(params) : undefined,
  };
}

/**
 * The JSONCompact answer. An error after the answer began (a time limit reached while rows
 * were being written) is appended to the text, which then is no JSON: its message is that.
 */
function parseAnswer(text: string): JsonCompactAnswer {
  try {
    return JSON.parse(text) as JsonCompactAnswer;
  } catch {
    throw new Error(text.slice(-4000));
  }
}

export function openClickhouseConnector(
  config: DataSourceConfig,
  checked: CheckedHost,
  policy: UserPolicy = {},
): Connector {
  const where = connectTarget(config, checked);
  const client: ClickHouseClient = createClickhouseClient(config, checked);
  let facts: Promise<ServerFacts> | undefined;

  /** The server's facts, read once; a failure is told in words and read again next time. */
  const serverFacts = () => {
    facts ??= readServerFacts(client).catch((error) => {
      facts = undefined;
      throw new QueryError(clickhouseConnectMessage(error, where));
    });
    return facts;
  };

  /** The facts, once the user is known to be one whose queries can be made read-only. */
  const readingUser = async () => {
    const known = await serverFacts();
    const held = clickhousePrivileges(known.readonly);
    if (held.length && policy.allowPrivilegedUsers !== true) {
      throw refusedError(privilegedUserMessage(where.user, held));
    }
    return known;
  };

  const killQuery = async (queryId: string) => {
    try {
      await client.command({
        query: `KILL QUERY WHERE query_id = ${stringLiteral(queryId)} ASYNC`,
        abort_signal: AbortSignal.timeout(METADATA_TIMEOUT_MS),
      });
    } catch {
      // the query ended meanwhile, or the server is gone: nothing left to stop
    }
  };

  /** Runs `query` as one JSONCompact request under the deadline of `options`. */
  async function select(
    query: PreparedQuery,
    options: { timeoutMs: number; signal?: AbortSignal },
    known: ServerFacts,
  ) {
    const queryId = randomUUID();
    const request = new AbortController();
    const deadline = watchDeadline(
      options,
      () => {
        void killQuery(queryId);
        request.abort();
      },
      CLIENT_GRACE_MS,
    );
    try {
      const result = await client.query({
        query: query.sent,
        format: 'JSONCompact',
        query_id: queryId,
        query_params: query.params,
        abort_signal: request.signal,
        clickhouse_settings: querySettings(known, options.timeoutMs),
      });
      return parseAnswer(await result.text());
    } catch (error) {
      if (deadline.stopped) throw deadline.error(deadline.stopped);
      const { code, networkCode } = clickhouseFailure(error);
      if (code === CLICKHOUSE_CODES.timeout) throw timeoutError(options.timeoutMs);
      if (code === CLICKHOUSE_CODES.cancelled) throw cancelledError();
      if (networkCode) throw new QueryError(clickhouseConnectMessage(error, where));
      throw clickhouseQueryError(error, query);
    } finally {
      deadline.dispose();
    }
  }

  async function run(sql: string, options: RunOptions): Promise<QueryResult> {
    if (options.signal?.aborted) throw cancelledError();
    const started = performance.now();
    const known = await readingUser();
    const answer = await select(prepareQuery(sql, options, known), options, known);
    const types = answer.meta.map((column) => column.type);
    const rows = clickhouseRows(answer.data.slice(0, options.maxRows), types, known.zone);
    return {
      columns: answer.meta.map((column) => ({ name: column.name, type: column.type })),
      rows,
      rowCount: rows.length,
      truncated: answer.data.length > options.maxRows,
      cached: false,
      durationMs: elapsedSince(started),
    };
  }

  /** A metadata query of the connector's own (not user SQL), read whole. */
  async function metadata(sql: string): Promise<unknown[][]> {
    const known = await readingUser();
    const query = { sent: sql, userSql: sql, userStartsAt: 0 };
    return (await select(query, { timeoutMs: METADATA_TIMEOUT_MS }, known)).data;
  }

  async function listSchema(): Promise<SourceSchema> {
    const [columns, counts] = await Promise.all([
      metadata('SELECT table, name, type FROM system.columns WHERE database = currentDatabase()'),
      metadata(
        'SELECT table, sum(rows) FROM system.parts ' +
          'WHERE database = currentDatabase() AND active GROUP BY table',
      ),
    ]);
    const rowCounts = new Map(counts.map(([table, rows]) => [String(table), Number(rows)]));
    const tables = schemaOfColumns(
      (columns as [string, string, string][]).map(([table, column, type]) => ({
        key: table,
        table,
        column,
        type,
      })),
      rowCounts,
    );
    return { tables: tables.sort((a, b) => a.name.localeCompare(b.name)) };
  }

  return {
    dialect: 'clickhouse',
    async test() {
      try {
        const known = await readServerFacts(client);
        return {
          ok: true,
          message: `Connected to ClickHouse ${known.version}, database "${where.database}".`,
        };
      } catch (error) {
        return { ok: false, message: clickhouseConnectMessage(error, where) };
      }
    },
    listSchema,
    run,
    close: () => client.close(),
  };
}
