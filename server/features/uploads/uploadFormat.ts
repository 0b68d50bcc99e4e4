import { open } from 'node:fs/promises';
import type { UploadFormat } from '../../engines/duckdb/warehouse';
import { badRequest } from '../../errors';

// What an uploaded file is: the format its name says, confirmed by its first bytes. A CSV is
// text (no NUL bytes), a Parquet file starts and ends with PAR1 and its footer's length fits
// in the file, a JSON file starts with `[` or `{` (JSON lines too).

const EXTENSIONS: Record<string, UploadFormat> = {
  csv: 'csv',
  tsv: 'csv',
  txt: 'csv',
  parquet: 'parquet',
  pq: 'parquet',
  json: 'json',
  jsonl: 'json',
  ndjson: 'json',
};

const HEAD_BYTES = 8192;
const PARQUET_MAGIC = 'PAR1';

/** A file name fit to quote in a message: no control characters, at most 80 characters. */
export function displayName(fileName: string): string {
  // eslint-disable-next-line no-control-regex
  const printable = fileName.replace(/[\u0000-\u001f\u007f]/g, '?');
  return printable.length > 80 ? `${printable.slice(0, 77)}...` : printable;
}

export function formatFromName(fileName: string): UploadFormat {
  const extension = /\.([A-Za-z0-9]+)$/.exec(fileName)?.[1]?.toLowerCase() ?? '';
  const format = EXTENSIONS[extension];
  if (!format) {
    throw badRequest(
      `file: "${displayName(fileName)}" is not a CSV, Parquet or JSON file (.csv, .parquet, .json, .jsonl).`,
      'file',
    );
  }
  return format;
}

async function readEnds(path: string): Promise<{ head: Buffer; tail: Buffer; size: number }> {
  const handle = await open(path, 'r');
  try {
    const { size } = await handle.stat();
    const head = Buffer.alloc(Math.min(HEAD_BYTES, size));
    await handle.read(head, 0, head.length, 0);
    const tail = Buffer.alloc(Math.min(8, size));
    await handle.read(tail, 0, tail.length, Math.max(0, size - tail.length));
    return { head, tail, size };
  } finally {
    await handle.close();
  }
}

/**
 * A Parquet file ends with its footer's length (4 bytes, little-endian) and PAR1; the footer
 * sits between the leading PAR1 and that length.
 */
function parquetFooterFits(tail: Buffer, size: number): boolean {
  const footerLength = tail.length === 8 ? tail.readUInt32LE(0) : 0;
  return footerLength > 0 && footerLength <= size - 12;
}

function contentFormat(head: Buffer, tail: Buffer): UploadFormat | 'binary' {
  if (head.subarray(0, 4).toString('latin1') === PARQUET_MAGIC) {
    return tail.subarray(-4).toString('latin1') === PARQUET_MAGIC ? 'parquet' : 'binary';
  }
  if (head.includes(0)) return 'binary';
  const text = head
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart();
  if (text.startsWith('[') || text.startsWith('{')) return 'json';
  return 'csv';
}

const NAMES: Record<UploadFormat, string> = { csv: 'CSV', parquet: 'Parquet', json: 'JSON' };

/** Checks the staged file's content against the format of its name (400 naming `file`). */
export async function confirmFormat(path: string, fileName: string): Promise<UploadFormat> {
  const expected = formatFromName(fileName);
  const { head, tail, size } = await readEnds(path);
  if (size === 0) throw badRequest('file: the file is empty.', 'file');
  const found = contentFormat(head, tail);
  if (found !== expected) {
    const what = found === 'binary' ? 'binary data' : NAMES[found];
    throw badRequest(
      `file: "${displayName(fileName)}" is named as ${NAMES[expected]} but its content is ${what}.`,
      'file',
    );
  }
  if (found === 'parquet' && !parquetFooterFits(tail, size)) {
    throw badRequest(
      'file: the Parquet file is damaged: its footer does not fit in the file.',
      'file',
    );
  }
  return expected;
}

/** `Sales 2024.csv` -> `sales_2024`. */
export function tableNameFromFile(fileName: string): string {
  return tableNameFrom(fileName.replace(/^.*[\\/]/, '').replace(/\.[A-Za-z0-9]+$/, ''));
}

/** A table name from user text: letters, digits and _, starting with a letter or _. */
export function tableNameFrom(text: string): string {
  const base = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9_]+/g, '_')
    .replace(/_+/g, '_')
    .replace(/^_+|_+$/g, '');
  const name = /^[0-9]/.test(base) ? `t_${base}` : base;
  return (name || 'upload').slice(0, 63);
}
