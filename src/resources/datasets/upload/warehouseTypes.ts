// The column types offered when confirming an uploaded table (DuckDB type names).

export const WAREHOUSE_TYPES = [
  'VARCHAR',
  'BIGINT',
  'INTEGER',
  'DOUBLE',
  'DECIMAL(18,3)',
  'BOOLEAN',
  'DATE',
  'TIMESTAMP',
  'TIME',
] as const;

/** The choices for one column: the standard types plus the inferred one when it is unusual. */
export function typeChoicesFor(inferred: string): string[] {
  const upper = inferred.toUpperCase();
  return (WAREHOUSE_TYPES as readonly string[]).includes(upper)
    ? [...WAREHOUSE_TYPES]
    : [inferred, ...WAREHOUSE_TYPES];
}
