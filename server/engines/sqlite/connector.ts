import { existsSync, mkdirSync, realpathSync } from 'node:fs';
import { createRequire } from 'node:module';
import { isAbsolute, join, resolve, sep } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { DataSourceConfig, QueryResult } from '../../../common/analytics';
import { badRequest } from '../../errors';
import type { Connector, ConnectorContext, RunOptions, SourceSchema } from '../connector';
import { cancelledError, QueryError, refusedError } from '../queryError';
import { elapsedSince, stoppedError, watchDeadline } from '../queryDeadline';
import { SQLITE_WORKER_SOURCE } from './worker';

// A SQLite file source: only files under DATA_DIR/sources/<accountId>/, opened read-only (the
// file must exist). Each job runs in a worker thread, terminated on timeout or abort.

const DRIVER = createRequire(import.meta.url).resolve('better-sqlite3');

export function sqliteSourcesDir(dataDir: string, accountId: number): string {
  return join(dataDir, 'sources', String(accountId));
}

/** The absolute path of a sqlite source file; refuses anything outside the tenant's folder. */
function resolveSqliteFile(dataDir: string, accountId: number, file: string): string {
  const name = (file ?? '').trim();
  if (!name) throw badRequest('File is required.', 'file');
  if (isAbsolute(name) || name.includes('\0') || name.split(/[\\/]/).includes('..')) {
    throw badRequest(
      'File must be a name inside the account\'s sources folder (no absolute path, no "..").',
      'file',
    );
  }
  const folder = sqliteSourcesDir(dataDir, accountId);
  mkdirSync(folder, { recursive: true });
  const path = resolve(folder, name);
  const realFolder = realpathSync(folder);
  const real = existsSync(path) ? realpathSync(path) : path;
  if (!real.startsWith(realFolder + sep)) {
    throw badRequest("File must be inside the account's sources folder.", 'file');
  }
  return real;
}

type Job = { kind: 'schema' } | { kind: 'run'; sql: string; params: unknown[]; maxRows: number };

interface WorkerAnswer {
  ok?: unknown;
  error?: string;
  code?: string;
}

function runJob(
  file: string,
  job: Job,
  limits: { timeoutMs: number; signal?: AbortSignal },
): Promise<unknown> {
  return new Promise((resolvePromise, reject) => {
    if (limits.signal?.aborted) return reject(cancelledError());
    const worker = new Worker(SQLITE_WORKER_SOURCE, {
      eval: true,
      workerData: { driver: DRIVER, file, job },
    });
    let settled = false;
    const finish = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      deadline.dispose();
      outcome();
    };
    const deadline = watchDeadline(limits, (reason) =>
      finish(() => {
        void worker.terminate();
        reject(stoppedError(reason, limits.timeoutMs));
      }),
    );
    worker.once('message', (answer: WorkerAnswer) =>
      finish(() => {
        if (answer.error !== undefined) reject(sqliteError(answer));
        else resolvePromise(answer.ok);
      }),
    );
    worker.once('error', (error) => finish(() => reject(new QueryError(error.message))));
    worker.once('exit', () => finish(() => reject(new QueryError('The query stopped.'))));
  });
}

function sqliteError(answer: WorkerAnswer): QueryError {
  const message = answer.error ?? 'SQLite error';
  if (/more than one statement/i.test(message)) {
    return refusedError('Only one statement may run at a time.');
  }
  if (/unable to open database|does not exist/i.test(message)) {
    return new QueryError(`The SQLite file could not be opened: ${message}`);
  }
  return new QueryError(message, { kind: /syntax error/.test(message) ? 'syntax' : 'source' });
}

interface RunAnswer {
  refused?: string;
  columns: { name: string; type: string }[];
  rows: unknown[][];
  truncated: boolean;
}

export function openSqliteConnector(
  config: DataSourceConfig,
  context: ConnectorContext,
): Connector {
  const file = resolveSqliteFile(context.dataDir, context.accountId, config.file ?? '');
  const schemaTimeoutMs = 30_000;

  return {
    dialect: 'sqlite',
    async test() {
      if (!existsSync(file)) {
        return {
          ok: false,
          message: `File "${config.file}" does not exist in the sources folder.`,
        };
      }
      try {
        const schema = (await runJob(
          file,
          { kind: 'schema' },
          { timeoutMs: schemaTimeoutMs },
        )) as SourceSchema;
        return { ok: true, message: `Opened "${config.file}" (${schema.tables.length} tables).` };
      } catch (error) {
        return { ok: false, message: (error as Error).message };
      }
    },
    listSchema: async () =>
      (await runJob(file, { kind: 'schema' }, { timeoutMs: schemaTimeoutMs })) as SourceSchema,
    async run(sql: string, options: RunOptions): Promise<QueryResult> {
      const started = performance.now();
      const answer = (await runJob(
        file,
        { kind: 'run', sql, params: options.params ?? [], maxRows: options.maxRows },
        options,
      )) as RunAnswer;
      if (answer.refused) throw refusedError(answer.refused);
      return {
        columns: answer.columns,
        rows: answer.rows,
        rowCount: answer.rows.length,
        truncated: answer.truncated,
        cached: false,
        durationMs: elapsedSince(started),
      };
    },
    close: async () => undefined,
  };
}
