// What most SQL dialects write alike (see sqlDialect.ts); each type's dialect spreads it and
// overrides what differs.

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
