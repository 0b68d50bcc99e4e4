import { Transform, type TransformCallback } from 'node:stream';
import type { UploadFormat } from '../../engines/duckdb/warehouse';
import { badRequest } from '../../errors';
import type { UploadContentLimits } from '../../config';

// Content limits of an upload, checked byte by byte while the file streams to staging, so a
// file DuckDB could choke on (100,000 nested brackets crash it; 1,000 make it hang and eat
// gigabytes) stops early and never reaches DuckDB. JSON: nesting depth and keys per object,
// outside strings. CSV: bytes per record (a quoted newline continues the record, so an
// unbalanced quote runs on into the limit) and columns per record. Parquet is checked by its
// footer after staging (uploadFormat.ts).

/** Reads one chunk after another; answers what is wrong (a sentence), or null. */
interface ContentScanner {
  scan(chunk: Buffer): string | null;
}

const count = (n: number) => n.toLocaleString('en-US');

export function describeBytes(bytes: number): string {
  const MB = 1024 * 1024;
  if (bytes >= MB && bytes % MB === 0) return `${count(bytes / MB)} MB`;
  if (bytes >= 1024 && bytes % 1024 === 0) return `${count(bytes / 1024)} KB`;
  return `${count(bytes)} bytes`;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const COMMA = 0x2c;
const NEWLINE = 0x0a;
const TAB = 0x09;
const SEMICOLON = 0x3b;
const PIPE = 0x7c;

/** JSON and JSON lines: depth of `[`/`{` outside strings, and keys of each open object. */
export class JsonScanner implements ContentScanner {
  private offset = 0;
  private depth = 0;
  private inString = false;
  private escaped = false;
  /** Per open level: whether it is an object, and its commas so far (keys = commas + 1). */
  private readonly isObject: Uint8Array;
  private readonly commas: Uint32Array;

  constructor(private readonly limits: Pick<UploadContentLimits, 'maxJsonDepth' | 'maxColumns'>) {
    this.isObject = new Uint8Array(limits.maxJsonDepth + 1);
    this.commas = new Uint32Array(limits.maxJsonDepth + 1);
  }

  scan(chunk: Buffer): string | null {
    const { maxJsonDepth, maxColumns } = this.limits;
    for (let i = 0; i < chunk.length; i++) {
      const byte = chunk[i];
      if (this.inString) {
        if (this.escaped) this.escaped = false;
        else if (byte === BACKSLASH) this.escaped = true;
        else if (byte === QUOTE) this.inString = false;
      } else if (byte === QUOTE) {
        this.inString = true;
      } else if (byte === OPEN_ARRAY || byte === OPEN_OBJECT) {
        if (this.depth === maxJsonDepth) {
          return `JSON nested deeper than ${count(maxJsonDepth)} levels (at byte ${count(this.offset + i)}).`;
        }
        this.depth++;
        this.isObject[this.depth] = byte === OPEN_OBJECT ? 1 : 0;
        this.commas[this.depth] = 0;
      } else if (byte === CLOSE_ARRAY || byte === CLOSE_OBJECT) {
        if (this.depth > 0) this.depth--;
      } else if (byte === COMMA && this.isObject[this.depth]) {
        if (++this.commas[this.depth] >= maxColumns) {
          return `a JSON object has more than ${count(maxColumns)} keys (at byte ${count(this.offset + i)}).`;
        }
      }
    }
    this.offset += chunk.length;
    return null;
  }
}

/** The delimiters DuckDB's sniffer may choose; a record's columns are counted for each. */
const DELIMITERS = [COMMA, TAB, SEMICOLON, PIPE];

/**
 * CSV, TSV and text: bytes and columns of each record. A quote opens a quoted field only at
 * the start of a field (RFC 4180); inside one, `""` is a quote and a newline continues the
 * record.
 */
export class CsvScanner implements ContentScanner {
  private offset = 0;
  /** The physical line, and the one the current record started on. */
  private line = 1;
  private recordLine = 1;
  private lineBytes = 0;
  private inQuotes = false;
  /** A quote just closed a quoted field; a second one right after is an escaped quote. */
  private quoteClosed = false;
  private atFieldStart = true;
  private readonly delimiters = new Uint32Array(DELIMITERS.length);

  constructor(private readonly limits: Pick<UploadContentLimits, 'maxLineBytes' | 'maxColumns'>) {}

  scan(chunk: Buffer): string | null {
    const { maxLineBytes, maxColumns } = this.limits;
    for (let i = 0; i < chunk.length; i++) {
      const byte = chunk[i];
      if (++this.lineBytes > maxLineBytes) {
        const quoted = this.inQuotes ? ', or a quote is not closed' : '';
        return `line ${count(this.recordLine)} is longer than ${describeBytes(maxLineBytes)}${quoted} (at byte ${count(this.offset + i)}).`;
      }
      if (this.inQuotes) {
        if (byte === QUOTE) {
          this.inQuotes = false;
          this.quoteClosed = true;
        } else if (byte === NEWLINE) {
          this.line++;
        }
        continue;
      }
      if (byte === QUOTE && this.quoteClosed) {
        this.inQuotes = true;
        this.quoteClosed = false;
        continue;
      }
      this.quoteClosed = false;
      if (byte === NEWLINE) {
        this.endRecord();
      } else if (byte === QUOTE && this.atFieldStart) {
        this.inQuotes = true;
        this.atFieldStart = false;
      } else {
        const delimiter = DELIMITERS.indexOf(byte);
        this.atFieldStart = delimiter >= 0;
        if (delimiter >= 0 && ++this.delimiters[delimiter] >= maxColumns) {
          return `line ${count(this.recordLine)} has more than ${count(maxColumns)} columns.`;
        }
      }
    }
    this.offset += chunk.length;
    return null;
  }

  private endRecord(): void {
    this.line++;
    this.recordLine = this.line;
    this.lineBytes = 0;
    this.atFieldStart = true;
    this.delimiters.fill(0);
  }
}

/** The scanner for a file of `format`; Parquet is binary and has none. */
function scannerFor(format: UploadFormat, limits: UploadContentLimits): ContentScanner | null {
  if (format === 'json') return new JsonScanner(limits);
  if (format === 'csv') return new CsvScanner(limits);
  return null;
}

/**
 * A pass-through stream that fails with a 400 naming `file` and the limit as soon as the
 * content breaks one of `limits`.
 */
export function contentCheck(format: UploadFormat, limits: UploadContentLimits): Transform {
  const scanner = scannerFor(format, limits);
  return new Transform({
    transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
      const problem = scanner?.scan(chunk);
      if (problem) done(badRequest(`file: ${problem}`, 'file'));
      else done(null, chunk);
    },
  });
}
