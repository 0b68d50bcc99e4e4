/** A unique constraint refused the write (SQLite or PostgreSQL), e.g. two concurrent creates. */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}
