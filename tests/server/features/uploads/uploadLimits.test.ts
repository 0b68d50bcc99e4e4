import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { afterAll, describe, expect, it } from 'vitest';
import {
  contentCheck,
  CsvScanner,
  describeBytes,
  JsonScanner,
} from '../../../../server/features/uploads/uploadLimits';
import { ConfigError, loadConfig } from '../../../../server/config';
import { schemaDepth } from '../../../../server/engines/duckdb/ingestion';

// The byte scanners that stop a hostile upload while it streams: JSON depth and keys, CSV
// record length and columns, across chunk boundaries; and their limits from the environment.

const limits = { maxJsonDepth: 4, maxLineBytes: 32, maxColumns: 3 };

/** Feeds `text` in chunks of `size` bytes; the first problem, or null. */
function scanInChunks(scanner: { scan(chunk: Buffer): string | null }, text: string, size = 1) {
  const bytes = Buffer.from(text);
  for (let at = 0; at < bytes.length; at += size) {
    const problem = scanner.scan(bytes.subarray(at, at + size));
    if (problem) return problem;
  }
  return null;
}

describe('JsonScanner', () => {
  const json = (text: string, size?: number) => scanInChunks(new JsonScanner(limits), text, size);

  it('passes nesting up to the limit, also as JSON lines', () => {
    expect(json('[[[[1]]]]')).toBeNull();
    expect(json('{"a":{"b":[{"c":1}]}}\n{"a":{"b":[{"c":2}]}}\n', 5)).toBeNull();
  });

  it('stops one level past the limit, naming the limit and the byte', () => {
    expect(json('[[[[[1]]]]]')).toBe('JSON nested deeper than 4 levels (at byte 4).');
    expect(json('{"ok":1}\n[[[[[', 3)).toMatch(/deeper than 4 levels \(at byte 13\)/);
  });

  it('ignores brackets, commas and escaped quotes inside strings', () => {
    expect(json('[{"a":"[[[[[[{{{{,,,,\\"[[[[[["}]')).toBeNull();
    expect(json('["\\\\", [[[[1]]]]]')).toMatch(/deeper than 4/);
  });

  it('counts the keys of each object, not the elements of arrays', () => {
    expect(json('{"a":1,"b":2,"c":3}')).toBeNull();
    expect(json('[1,2,3,4,5,6,7,8]')).toBeNull();
    expect(json('[{"a":1,"b":2,"c":3},{"a":1,"b":2,"c":3}]')).toBeNull();
    expect(json('{"a":1,"b":{"x":1,"y":2},"c":3,"d":4}')).toMatch(
      /more than 3 keys \(at byte 30\)/,
    );
  });
});

describe('CsvScanner', () => {
  const csv = (text: string, size?: number) => scanInChunks(new CsvScanner(limits), text, size);

  it('passes records within the limits', () => {
    expect(csv('a,b,c\n1,2,3\n"x,y",2,"say ""hi"""\n', 4)).toBeNull();
  });

  it('stops a record longer than the limit, naming its line', () => {
    expect(csv(`a,b\n${'x'.repeat(40)}\n`)).toBe('line 2 is longer than 32 bytes (at byte 36).');
  });

  it('continues a record over a quoted newline, so an unbalanced quote runs into the limit', () => {
    expect(csv('a,b\n"one\ntwo",1\n')).toBeNull();
    expect(csv(`a,b\n"open,1\n${'2,3\n'.repeat(10)}`)).toMatch(
      /^line 2 is longer than 32 bytes, or a quote is not closed/,
    );
  });

  it('reads a quote inside an unquoted field as text', () => {
    expect(csv(`size,n\n5" pipe,1\n${'2,3\n'.repeat(10)}`)).toBeNull();
  });

  it('stops a record with more columns than the limit, for any usual delimiter', () => {
    expect(csv('a,b,c,d\n')).toBe('line 1 has more than 3 columns.');
    expect(csv('a\tb\tc\td\n')).toMatch(/more than 3 columns/);
    expect(csv('a;b\n1;2;3;4\n')).toBe('line 2 has more than 3 columns.');
    expect(csv('"a,b,c,d",e\n')).toBeNull();
  });
});

describe('contentCheck', () => {
  async function through(format: 'csv' | 'json' | 'parquet', text: string) {
    const written: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        written.push(chunk);
        done();
      },
    });
    await pipeline(Readable.from([Buffer.from(text)]), contentCheck(format, limits), sink);
    return Buffer.concat(written).toString();
  }

  it('passes the bytes on unchanged, and fails with a 400 naming file', async () => {
    expect(await through('json', '[{"a":1}]')).toBe('[{"a":1}]');
    expect(await through('parquet', '[[[[[[[[')).toBe('[[[[[[[[');
    await expect(through('json', '[[[[[[')).rejects.toMatchObject({
      statusCode: 400,
      field: 'file',
      message: 'file: JSON nested deeper than 4 levels (at byte 4).',
    });
  });
});

describe('describeBytes and schemaDepth', () => {
  it('says sizes the way limits are configured', () => {
    expect(describeBytes(1024 * 1024)).toBe('1 MB');
    expect(describeBytes(64 * 1024)).toBe('64 KB');
    expect(describeBytes(1000)).toBe('1,000 bytes');
  });

  it('reads the depth of a Parquet schema from its children counts', () => {
    expect(schemaDepth([2, 0, 0])).toBe(2);
    // root { a, s { x, y list { element } } }
    expect(schemaDepth([2, 0, 2, 0, 1, 1, 0])).toBe(5);
    expect(schemaDepth([1, 1, 1, 1, 0])).toBe(5);
  });
});

describe('upload limits from the environment', () => {
  const dir = mkdtempSync(join(tmpdir(), 'brandboard-upload-config-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const load = (extra: Record<string, string> = {}) =>
    loadConfig({ DATA_DIR: dir, DEMO_PASSWORD: 'config-test-password', ...extra });

  it('has the documented defaults', () => {
    expect(load().uploadLimits).toEqual({
      maxJsonDepth: 64,
      maxLineBytes: 1024 * 1024,
      maxColumns: 2000,
      timeoutMs: 60_000,
    });
  });

  it('reads every variable', () => {
    const config = load({
      UPLOAD_MAX_JSON_DEPTH: '16',
      UPLOAD_MAX_LINE_MB: '0.5',
      UPLOAD_MAX_COLUMNS: '300',
      UPLOAD_TIMEOUT_SECONDS: '2.5',
    });
    expect(config.uploadLimits).toEqual({
      maxJsonDepth: 16,
      maxLineBytes: 512 * 1024,
      maxColumns: 300,
      timeoutMs: 2500,
    });
  });

  it.each([
    ['UPLOAD_MAX_JSON_DEPTH', '0'],
    ['UPLOAD_MAX_JSON_DEPTH', '2.5'],
    ['UPLOAD_MAX_LINE_MB', '0'],
    ['UPLOAD_MAX_COLUMNS', '0'],
    ['UPLOAD_TIMEOUT_SECONDS', '0'],
    ['UPLOAD_TIMEOUT_SECONDS', 'soon'],
  ])('refuses %s=%s', (name, value) => {
    expect(() => load({ [name]: value })).toThrow(ConfigError);
    expect(() => load({ [name]: value })).toThrow(name);
  });
});
