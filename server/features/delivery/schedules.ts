import { Cron } from 'croner';
import type { Schedule } from '../../../common/api/subscriptions';

// When a subscription is due: its schedule as a cron pattern read in the account's time zone
// by croner, which keeps local times across daylight-saving changes (a time the spring
// change skips runs at the first minute after it, one the autumn change repeats runs once).

/** The schedule as a five-field cron pattern (minute hour day-of-month month day-of-week). */
export function cronPatternOf(schedule: Schedule): string {
  if (schedule.every === 'hour') return `${schedule.minute} * * * *`;
  const [hour, minute] = schedule.time.split(':').map(Number);
  if (schedule.every === 'day') return `${minute} ${hour} * * *`;
  if (schedule.every === 'week') {
    return `${minute} ${hour} * * ${[...new Set(schedule.days)].sort().join(',')}`;
  }
  return `${minute} ${hour} ${schedule.day === 'last' ? 'L' : schedule.day} * *`;
}

function cronOf(schedule: Schedule, timeZone: string): Cron {
  return new Cron(cronPatternOf(schedule), { timezone: timeZone, paused: true });
}

/**
 * The tick a subscription is due for at `now`: the latest one after `since` (its last tick,
 * else its creation) and not after `now`; null when none. Ticks missed while nothing ran
 * (all instances down) make one delivery, of the latest.
 */
export function dueTick(schedule: Schedule, timeZone: string, since: Date, now: Date): Date | null {
  const cron = cronOf(schedule, timeZone);
  const next = cron.nextRun(since);
  if (!next || next > now) return null;
  // The latest tick not after now: the one before the next tick after now.
  const [latest] = cron.previousRuns(1, new Date(now.getTime() + 1));
  return latest && latest > since ? latest : next;
}

/** The next `count` ticks after `from` (shown beside a subscription). */
export function nextTicks(schedule: Schedule, timeZone: string, from: Date, count: number): Date[] {
  return cronOf(schedule, timeZone).nextRuns(count, from);
}
