// What most SQL dialects write alike (see dialects.ts); each spreads it and overrides what
// differs. Its own module, so clickhouseDialect.ts can spread it without an import cycle.

// '!' is portable, unlike a backslash that MySQL strings also eat.
const likeEscape = '!';

export const COMMON = {
  countDistinct: (expression: string) => `COUNT(DISTINCT ${expression})`,
  notIn: (target: string, list: string) => `${target} NOT IN (${list})`,
  likeMatch: (column: string, pattern: string) =>
    `LOWER(${column}) LIKE ${pattern} ESCAPE '${likeEscape}'`,
  likeEscape,
  orderItem: (alias: string, _expression: string, dir: 'asc' | 'desc') =>
    `${alias} ${dir.toUpperCase()} NULLS LAST`,
};
