// The code of the worker thread that runs one SQLite job (a query, or reading the schema), so a
// long query can be stopped by terminating the thread. Kept as plain JavaScript evaluated by
// the Worker, so it runs the same under tsx, Vitest and the built server.

export const SQLITE_WORKER_SOURCE = String.raw`
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);

function jsonValue(value) {
  if (value === null || value === undefined) return null;
  if (typeof value === 'bigint') {
    const n = Number(value);
    return Number.isSafeInteger(n) ? n : value.toString();
  }
  if (typeof value === 'number') return Number.isFinite(value) ? value : String(value);
  if (value instanceof Uint8Array) return '\\x' + Buffer.from(value).toString('hex');
  return value;
}

function runQuery(db, job) {
  const statement = db.prepare(job.sql);
  if (!statement.readonly || !statement.reader) {
    return { refused: 'Only one read-only statement that returns rows (SELECT, WITH, VALUES, EXPLAIN, PRAGMA table_info) may run here.' };
  }
  statement.raw(true);
  statement.safeIntegers(true);
  const columns = statement.columns().map((c) => ({ name: c.name, type: c.type || '' }));
  const rows = [];
  let truncated = false;
  for (const row of statement.iterate(...(job.params || []))) {
    if (rows.length >= job.maxRows) {
      truncated = true;
      break;
    }
    rows.push(row.map(jsonValue));
  }
  return { columns, rows, truncated };
}

function readSchema(db) {
  const quote = (name) => '"' + name.replace(/"/g, '""') + '"';
  const tables = db
    .prepare("select name, type from sqlite_master where type in ('table', 'view') and name not like 'sqlite_%' order by name")
    .all();
  return {
    tables: tables.map((table) => {
      const columns = db
        .prepare('select name, type from pragma_table_info(?) order by cid')
        .all(table.name)
        .map((c) => ({ name: c.name, type: c.type || '' }));
      const entry = { name: table.name, columns };
      if (table.type === 'table') {
        entry.rowCount = db.prepare('select count(*) as n from ' + quote(table.name)).get().n;
      }
      return entry;
    }),
  };
}

let db;
try {
  db = new Database(workerData.file, { readonly: true, fileMustExist: true });
  const job = workerData.job;
  parentPort.postMessage({ ok: job.kind === 'schema' ? readSchema(db) : runQuery(db, job) });
} catch (error) {
  parentPort.postMessage({ error: String(error && error.message || error), code: error && error.code });
} finally {
  if (db) db.close();
}
`;
