import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../server/errors';
import { isMalformedMultipart } from '../../../server/plugins/multipartErrors';
import { jsonHasNul, nulPath } from '../../../server/plugins/nulCharacters';
import { parseListQuery, type ListOptions } from '../../../server/http/simpleRest';

// The list parameters of the simple-rest contract: what parses, and what answers 400 naming
// the parameter. The server-side counterpart is tests/api/security/malformedRequests.test.ts.

const LIST: ListOptions = {
  columns: {
    id: 'id',
    name: 'name',
    notes: 'notes',
    ownerId: 'owner_id',
    active: 'active',
    ref: 'ref',
    externalId: 'external_id',
  },
  sortable: ['id', 'name'],
  filterable: ['id', 'ownerId', 'active', 'ref', 'externalId'],
  filterKinds: { externalId: 'text' },
  searchable: ['name', 'notes'],
  maxPageSize: 50,
};

const query = (params: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(params).map(([name, value]) => [name, JSON.stringify(value)]));

function refusal(params: Record<string, unknown>, options = LIST): ApiError {
  try {
    parseListQuery(query(params), options);
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error(`accepted ${JSON.stringify(params)}`);
}

describe('parseListQuery', () => {
  it('reads range, sort and a search', () => {
    expect(
      parseListQuery(
        query({ range: [10, 19], sort: ['name', 'DESC'], filter: { q: ' Ada ', id: [1, 2] } }),
        LIST,
      ),
    ).toEqual({
      start: 10,
      end: 19,
      sort: { field: 'name', order: 'desc' },
      filters: { id: [1, 2] },
      search: 'Ada',
    });
  });

  it('takes any safe start, the largest included', () => {
    const start = Number.MAX_SAFE_INTEGER - 1;
    expect(parseListQuery(query({ range: [start, start + 1] }), LIST)).toMatchObject({
      start,
      end: start + 1,
    });
  });

  it.each([
    [[1e308, 1e308]],
    [[0, 1e308]],
    [[2 ** 53, 2 ** 53 + 1]],
    [[-1, 5]],
    [[5, 1]],
    [[0.5, 2]],
    [['a']],
    [[0]],
    [{}],
    [null],
  ])('refuses range %j with 400 naming range', (range) => {
    const error = refusal({ range });
    expect(error.statusCode).toBe(400);
    expect(error.field).toBe('range');
    expect(error.message).toMatch(/^range /);
  });

  it('refuses a page wider than the list allows', () => {
    expect(refusal({ range: [0, 50] }).message).toBe('range may span at most 50 rows.');
    expect(parseListQuery(query({ range: [0, 49] }), LIST).end).toBe(49);
  });

  it.each([
    [{ sort: ['nope', 'ASC'] }, 'sort'],
    [{ sort: ['id', 'SIDEWAYS'] }, 'sort'],
    [{ filter: { q: {} } }, 'filter'],
    [{ filter: { q: ['x'] } }, 'filter'],
    [{ filter: { unknownField: 1 } }, 'filter'],
    [{ filter: [] }, 'filter'],
  ])('refuses %j with 400 naming %s', (params, field) => {
    expect(refusal(params).field).toBe(field);
  });

  it('takes filter values that fit their column: ids, flags and texts', () => {
    const parsed = parseListQuery(
      query({
        filter: { id: ['7', 8], ownerId: null, active: true, ref: 'a-1', externalId: 'x-9' },
      }),
      LIST,
    );
    expect(parsed.filters).toEqual({
      id: [7, 8],
      ownerId: null,
      active: true,
      ref: 'a-1',
      externalId: 'x-9',
    });
  });

  it.each([
    [{ id: 'x' }],
    [{ id: 1e308 }],
    [{ id: [1, -1] }],
    [{ id: '0x10' }],
    [{ ownerId: 1.5 }],
    [{ active: 'yes' }],
    [{ ref: { a: 1 } }],
    [{ ref: 'a\u0000' }],
    [{ q: 'a\u0000' }],
  ])('refuses filter %j with 400 naming filter', (filter) => {
    const error = refusal({ filter });
    expect(error.field).toBe('filter');
  });

  it('refuses list options that name a field without a column, before any search', () => {
    const broken: ListOptions = { ...LIST, searchable: ['name', 'description'] };
    expect(() => parseListQuery({}, broken)).toThrow(/lack a column for: description/);
  });
});

describe('isMalformedMultipart', () => {
  it("knows busboy's refusals of a malformed form, and nothing else", () => {
    expect(isMalformedMultipart(new Error('Unexpected end of multipart data'))).toBe(true);
    expect(isMalformedMultipart(new Error('Multipart: Boundary not found'))).toBe(true);
    expect(
      isMalformedMultipart(
        new Error('Part terminated early due to unexpected end of multipart data'),
      ),
    ).toBe(true);
    expect(isMalformedMultipart(new Error('connection refused'))).toBe(false);
    const coded = Object.assign(new Error('Unexpected end of multipart data'), { code: 'X' });
    expect(isMalformedMultipart(coded)).toBe(false);
  });
});

describe('jsonHasNul', () => {
  it('finds an escaped NUL, not a backslash followed by u0000', () => {
    expect(jsonHasNul(JSON.stringify({ name: 'a\u0000b' }))).toBe(true);
    expect(jsonHasNul('"\\\\\\u0000"')).toBe(true);
    expect(jsonHasNul(JSON.stringify({ name: 'a\\u0000b' }))).toBe(false);
    expect(jsonHasNul(JSON.stringify({ name: 'plain' }))).toBe(false);
  });
});

describe('nulPath', () => {
  it('names the field holding a NUL, nested fields by their dotted path', () => {
    expect(nulPath({ type: 'postgres', config: { host: 'h', database: 'a\u0000b' } })).toBe(
      'config.database',
    );
    expect(nulPath({ tags: ['ok', 'x\u0000'] })).toBe('tags.1');
    expect(nulPath('a\u0000')).toBe('body');
    expect(nulPath({ name: 'plain', n: 1, none: null })).toBeUndefined();
  });
});
