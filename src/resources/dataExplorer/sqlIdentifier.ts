import type { SourceType } from '../../../common/analytics';
import { sourceTypeInfo } from '../../../common/sourceTypes';

/**
 * A name as it must be written in SQL: plain when the dialect reads it unchanged, else quoted
 * with the type's quote character (common/sourceTypes.ts). Where unquoted names fold to lower
 * case (PostgreSQL) mixed case is quoted; the other types match names case-insensitively
 * (DuckDB, MySQL, SQLite) or keep them as written (ClickHouse).
 */
export function sqlIdentifier(name: string, type: SourceType | undefined): string {
  const { quote, foldsNames } = sourceTypeInfo(type).editor;
  const plain = foldsNames ? /^[a-z_][a-z0-9_]*$/ : /^[A-Za-z_][A-Za-z0-9_]*$/;
  if (plain.test(name)) return name;
  return quote + name.split(quote).join(quote + quote) + quote;
}
