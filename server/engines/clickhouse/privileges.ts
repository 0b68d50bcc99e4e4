// What a ClickHouse user may do beyond reading (see ../sourcePrivileges.ts).

/**
 * What a ClickHouse user may do that a source user must not; empty when none. Every query runs
 * with readonly=1 (no writes, settings nor table functions), which the server lets a user
 * whose readonly is 0 set, and which a readonly=1 user has already; a readonly=2 user may
 * not set it, and may call table functions (url, file, remote) that reach beyond the
 * database. On 18.16 users and their profiles live in users.xml; on current versions the
 * same setting comes from CREATE USER … SETTINGS readonly = 1 or a settings profile.
 */
export function clickhousePrivileges(readonly: number): string[] {
  return readonly === 2
    ? [
        'readonly=2 (calls table functions such as url, file and remote; its queries cannot be made read-only)',
      ]
    : [];
}
