import type { SourceSchema } from './connector';

// A source's tables as listSchema answers them, from its catalogue's columns in order and the
// row estimates it keeps (pg_class, information_schema.tables, system.parts).

export interface SchemaColumn {
  /** What tells the table apart in the catalogue (PostgreSQL: schema.table). */
  key: string;
  /** The table's name as shown and written in SQL. */
  table: string;
  column: string;
  type: string;
}

/** The tables in the order their first column came, each with its row estimate when known. */
export function schemaOfColumns(
  columns: SchemaColumn[],
  estimates: Map<string, number>,
): SourceSchema['tables'] {
  const tables = new Map<string, SourceSchema['tables'][number]>();
  for (const { key, table: name, column, type } of columns) {
    let table = tables.get(key);
    if (!table) {
      table = { name, columns: [] };
      const estimate = estimates.get(key);
      if (estimate !== undefined) table.rowCount = estimate;
      tables.set(key, table);
    }
    table.columns.push({ name: column, type });
  }
  return [...tables.values()];
}
