import fc from 'fast-check';
import { expect } from 'vitest';
import type {
  Dataset,
  Dialect,
  QueryFilter,
  QueryResult,
  SemanticQuery,
} from '../../../../common/analytics';
import type { RollupShape } from '../../../../common/api/rollups';
import { compileSemanticQuery } from '../../../../server/query/compile/compileSemanticQuery';
import { sqlDialectOf } from '../../../../server/engines';
import type { PolicyCondition } from '../../../../server/query/compile/rowPolicies';
import { pickRollup, type UsableRollup } from '../../../../server/query/rollups/matchRollup';
import { rollupSelect } from '../../../../server/query/rollups/rollupShape';
import { normaliseSemanticResult } from '../../../../server/query/resultValues';

// The property both engines must hold: over random queries, filters, row policies and
// grains, a query answered from the smallest rollup that answers it exactly gives the very
// answer the table gives. Shared by the DuckDB and ClickHouse tests.

export const NOW = new Date('2024-06-12T09:30:00Z');

export const FLIGHTS: Dataset = {
  id: 1,
  sourceId: 1,
  name: 'flights',
  table: 'flights',
  fields: [
    { name: 'carrier', label: 'Carrier', type: 'string', role: 'dimension', synonyms: [] },
    { name: 'origin', label: 'Origin', type: 'string', role: 'dimension', synonyms: [] },
    { name: 'cancelled', label: 'Cancelled', type: 'boolean', role: 'dimension', synonyms: [] },
    { name: 'delay', label: 'Delay', type: 'number', role: 'measure', synonyms: [] },
    { name: 'distance', label: 'Distance', type: 'number', role: 'measure', synonyms: [] },
    { name: 'at', label: 'Departure', type: 'date', role: 'time', synonyms: [] },
  ],
};

/** 6,000 rows of flights, the same each time: nulls in every column but origin. */
export const FLIGHT_ROWS = 6_000;
export const CARRIERS = ['AA', 'DL', 'UA', 'WN', 'B6'];
export const ORIGINS = ['ATL', 'BOS', 'DEN', 'JFK', 'LAX', 'ORD', 'SEA', 'SFO'];

/** Rows of flights as literal tuples; booleans as 1 and 0 where the engine has no words. */
export function flightValues(booleans: 'words' | 'numbers' = 'words'): string[] {
  const rows: string[] = [];
  let seed = 7;
  const next = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed / 2_147_483_648;
  };
  const pick = <T>(items: T[]) => items[Math.floor(next() * items.length)];
  const start = Date.UTC(2023, 0, 1);
  for (let i = 0; i < FLIGHT_ROWS; i++) {
    const carrier = next() < 0.05 ? 'NULL' : `'${pick(CARRIERS)}'`;
    const delay = next() < 0.1 ? 'NULL' : String(Math.floor(next() * 220) - 20);
    const distance = next() < 0.05 ? 'NULL' : String(Math.floor(next() * 4000) / 2);
    const hours = Math.floor(next() * 2 * 365 * 24);
    const at =
      next() < 0.03
        ? 'NULL'
        : `'${new Date(start + hours * 3_600_000).toISOString().slice(0, 19).replace('T', ' ')}'`;
    const yes = next() < 0.1;
    const cancelled = booleans === 'words' ? String(yes) : yes ? '1' : '0';
    rows.push(`(${carrier}, '${pick(ORIGINS)}', ${cancelled}, ${delay}, ${distance}, ${at})`);
  }
  return rows;
}

export const ROLLUPS: (Omit<UsableRollup, 'rowCount'> & { shape: RollupShape })[] = [
  {
    id: 1,
    name: 'by carrier, origin and day',
    tableName: '__rollup_1',
    shape: {
      dimensions: ['carrier', 'origin'],
      timeField: 'at',
      grain: 'day',
      measures: [
        { agg: 'sum', field: 'delay' },
        { agg: 'count', field: 'delay' },
        { agg: 'min', field: 'delay' },
        { agg: 'max', field: 'delay' },
        { agg: 'avg', field: 'distance' },
      ],
    },
  },
  {
    id: 2,
    name: 'by carrier and month',
    tableName: '__rollup_2',
    shape: {
      dimensions: ['carrier'],
      timeField: 'at',
      grain: 'month',
      measures: [
        { agg: 'avg', field: 'delay' },
        { agg: 'max', field: 'distance' },
      ],
    },
  },
  {
    id: 3,
    name: 'by origin and cancelled',
    tableName: '__rollup_3',
    shape: {
      dimensions: ['origin', 'cancelled'],
      timeField: null,
      grain: null,
      measures: [
        { agg: 'avg', field: 'delay' },
        { agg: 'min', field: 'distance' },
        { agg: 'sum', field: 'distance' },
      ],
    },
  },
  {
    id: 4,
    name: 'by carrier, origin and week',
    tableName: '__rollup_4',
    shape: {
      dimensions: ['carrier', 'origin'],
      timeField: 'at',
      grain: 'week',
      measures: [
        { agg: 'sum', field: 'delay' },
        { agg: 'count', field: 'delay' },
      ],
    },
  },
];

// Weighted towards what rollups answer, so that most runs compare both ways.
const dimension = fc.oneof(
  {
    arbitrary: fc.constantFrom('carrier', 'origin', 'cancelled').map((field) => ({ field })),
    weight: 4,
  },
  {
    arbitrary: fc
      .constantFrom('day', 'week', 'month', 'quarter', 'year' as const)
      .map((grain) => ({ field: 'at', grain })),
    weight: 4,
  },
  { arbitrary: fc.constant({ field: 'delay', bin: 50 }), weight: 1 },
);

const measure = fc.constantFrom(
  { field: '*', agg: 'count' as const },
  { field: '*', agg: 'count' as const },
  { field: 'delay', agg: 'count' as const },
  { field: 'delay', agg: 'sum' as const },
  { field: 'delay', agg: 'avg' as const },
  { field: 'delay', agg: 'min' as const },
  { field: 'delay', agg: 'max' as const },
  { field: 'delay', agg: 'median' as const },
  { field: 'distance', agg: 'avg' as const },
  { field: 'distance', agg: 'sum' as const },
  { field: 'distance', agg: 'max' as const },
  { field: 'distance', agg: 'min' as const },
  { field: 'carrier', agg: 'count_distinct' as const },
  { field: 'origin', agg: 'count_distinct' as const },
);

const filter: fc.Arbitrary<QueryFilter> = fc.oneof(
  fc
    .subarray(CARRIERS, { minLength: 1 })
    .map((value): QueryFilter => ({ field: 'carrier', op: 'in', value })),
  fc.constantFrom(...ORIGINS).map((value): QueryFilter => ({ field: 'origin', op: '=', value })),
  fc.constant<QueryFilter>({ field: 'carrier', op: 'is null' }),
  fc.boolean().map((value): QueryFilter => ({ field: 'cancelled', op: '=', value })),
  fc
    .constantFrom('>=', '<', '>', '<=')
    .chain((op) =>
      fc
        .constantFrom(
          '2023-03-01',
          '2023-07-03',
          '2024-01-01',
          '2023-05-17',
          '2023-06-30',
          '2023-12-31',
          '2024-04-01T06:00:00',
        )
        .map((value) => ({ field: 'at', op, value }) as QueryFilter),
    ),
  fc
    .tuple(
      fc.constantFrom('2023-01-01', '2023-04-01', '2023-07-03', '2023-05-17'),
      fc.constantFrom('2023-06-30', '2023-12-31', '2023-07-09', '2023-08-20', '2024-03-31'),
    )
    .map(([from, to]): QueryFilter => ({ field: 'at', op: 'between', value: [from, to] })),
  fc
    .constantFrom('day', 'week', 'month', 'quarter', 'year' as const)
    .chain((unit) =>
      fc
        .constantFrom('last', 'this', 'previous' as const)
        .map(
          (kind) =>
            ({ field: 'at', op: 'relative', value: { kind, unit, count: 9 } }) as QueryFilter,
        ),
    ),
  fc.constant<QueryFilter>({ field: 'delay', op: '>', value: 30 }),
);

const policies: fc.Arbitrary<PolicyCondition[]> = fc.oneof(
  fc.constant<PolicyCondition[]>([]),
  fc.subarray(CARRIERS, { minLength: 1 }).map((values) => [{ field: 'carrier', values }]),
  fc.subarray(ORIGINS, { minLength: 1 }).map((values) => [{ field: 'origin', values }]),
  fc.constant<PolicyCondition[]>([{ field: 'cancelled', values: [] }]),
);

/** A query of distinct dimensions and measures (the compiler refuses repeated names). */
const semanticQuery: fc.Arbitrary<SemanticQuery> = fc
  .record({
    dimensions: fc.uniqueArray(dimension, { maxLength: 3, selector: (d) => d.field }),
    measures: fc.uniqueArray(measure, {
      minLength: 1,
      maxLength: 3,
      selector: (m) => `${m.agg}_${m.field}`,
    }),
    filters: fc.array(filter, { maxLength: 2 }),
  })
  .map((parts) => ({ datasetId: 1, sort: [], ...parts }));

export interface EngineUnderTest {
  dialect: Dialect;
  createTableAs(table: string, select: string): Promise<void>;
  run(sql: string, params: unknown[], maxRows: number): Promise<QueryResult>;
}

/** Builds the rollups; answers them as the query engine knows them (with row counts). */
export async function buildRollups(engine: EngineUnderTest): Promise<UsableRollup[]> {
  const dialect = sqlDialectOf(engine.dialect);
  const built: UsableRollup[] = [];
  for (const rollup of ROLLUPS) {
    await engine.createTableAs(
      rollup.tableName,
      rollupSelect(rollup.shape, dialect.quote('flights'), dialect),
    );
    const counted = await engine.run(
      `SELECT COUNT(*) FROM ${dialect.quote(rollup.tableName)}`,
      [],
      1,
    );
    built.push({ ...rollup, rowCount: Number(counted.rows[0][0]) });
  }
  return built;
}

function closeEnough(actual: unknown, expected: unknown): boolean {
  if (typeof actual === 'number' && typeof expected === 'number') {
    return Math.abs(actual - expected) <= 1e-9 * Math.max(1, Math.abs(expected));
  }
  return actual === expected;
}

/**
 * Runs `runs` random queries both ways and expects the same rows; answers how many were
 * answered from a rollup (by rollup name), so the test can tell it was not vacuous.
 */
export async function expectSameAnswers(
  engine: EngineUnderTest,
  rollups: UsableRollup[],
  runs: number,
): Promise<Map<string, number>> {
  const dialect = sqlDialectOf(engine.dialect);
  const used = new Map<string, number>();
  await fc.assert(
    fc.asyncProperty(semanticQuery, policies, async (query, held) => {
      const options = { now: NOW, policies: held };
      const plain = compileSemanticQuery(query, FLIGHTS, engine.dialect, options);
      const picked = pickRollup(rollups, query, FLIGHTS, held, dialect, NOW);
      if (!picked) return;
      const fromRollup = compileSemanticQuery(query, FLIGHTS, engine.dialect, {
        ...options,
        rollup: { tableName: picked.rollup.tableName, measures: picked.measures },
      });
      used.set(picked.rollup.name, (used.get(picked.rollup.name) ?? 0) + 1);
      const answer = async (compiled: typeof plain) =>
        normaliseSemanticResult(
          await engine.run(compiled.sql, compiled.params, compiled.limit),
          compiled.columns,
        ).rows;
      const [expected, actual] = await Promise.all([answer(plain), answer(fromRollup)]);
      expect(actual.length, fromRollup.sql).toBe(expected.length);
      actual.forEach((row, rowIndex) =>
        row.forEach((value, column) => {
          if (!closeEnough(value, expected[rowIndex][column])) {
            expect({ row: rowIndex, column, value, sql: fromRollup.sql }).toEqual({
              row: rowIndex,
              column,
              value: expected[rowIndex][column],
              sql: fromRollup.sql,
            });
          }
        }),
      );
    }),
    { numRuns: runs, seed: 34 },
  );
  return used;
}
