// A wall-clock time in a named time zone ('2024-03-31 02:30:00' in Europe/Berlin) as the UTC
// instant it is, in ISO 8601: ClickHouse writes a DateTime as the wall time of its column's
// (else the server's) zone, and every connector answers timestamps in UTC.

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(zone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(zone, formatter);
  }
  return formatter;
}

/** How far `zone`'s wall clock is ahead of UTC at the instant `utcMs`. */
function offsetMs(utcMs: number, zone: string): number {
  const parts: Record<string, number> = {};
  for (const part of formatterOf(zone).formatToParts(new Date(utcMs))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  const wall = Date.UTC(
    parts.year,
    parts.month - 1,
    parts.day,
    parts.hour,
    parts.minute,
    parts.second,
  );
  return wall - Math.floor(utcMs / 1000) * 1000;
}

function isKnownZone(zone: string): boolean {
  try {
    formatterOf(zone);
    return true;
  } catch {
    return false;
  }
}

/**
 * `text` ('YYYY-MM-DD HH:MM:SS[.fff]') read in `zone` as ISO 8601 UTC (read as UTC when the
 * zone is unknown); the text itself when it is no such time. A wall time the clock shows
 * twice (clocks going back) cannot tell which it was: one of the two is answered.
 */
export function zonedTimestampToIso(text: string, zone: string): string {
  const wall = Date.parse(`${text.replace(' ', 'T')}Z`);
  if (Number.isNaN(wall)) return text;
  if (zone === 'UTC' || zone === 'Etc/UTC' || !isKnownZone(zone)) {
    return new Date(wall).toISOString();
  }
  // The offset at the wall time read as UTC is a first guess; the offset at the instant that
  // guess gives is the one in force there (they differ only near a clock change).
  const guess = offsetMs(wall, zone);
  return new Date(wall - offsetMs(wall - guess, zone)).toISOString();
}
