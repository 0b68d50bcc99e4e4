import { describe, expect, it } from 'vitest';
import type { Schedule } from '../../../../common/api/subscriptions';
import { cronPatternOf, dueTick, nextTicks } from '../../../../server/features/delivery/schedules';

// The scheduler over a fake clock: `now` is whatever instant the test says. Daily, weekly and
// monthly ticks keep their local time across the daylight-saving changes of two time zones
// (Europe/Berlin: 29 March and 25 October 2026; America/New_York: 8 March and 1 November 2026).

const iso = (dates: Date[]) => dates.map((date) => date.toISOString());

/** Walks a fake clock minute by minute from `from` to `to`, as the periodic check would. */
function ticksWalked(schedule: Schedule, timeZone: string, from: string, to: string): string[] {
  const ticks: string[] = [];
  let since = new Date(from);
  for (let now = since.getTime(); now <= new Date(to).getTime(); now += 60_000) {
    const due = dueTick(schedule, timeZone, since, new Date(now));
    if (due) {
      ticks.push(due.toISOString());
      since = due;
    }
  }
  return ticks;
}

describe('schedules', () => {
  it('writes each schedule as a cron pattern', () => {
    expect(cronPatternOf({ every: 'hour', minute: 5 })).toBe('5 * * * *');
    expect(cronPatternOf({ every: 'day', time: '08:30' })).toBe('30 8 * * *');
    expect(cronPatternOf({ every: 'week', days: [5, 1, 1], time: '07:00' })).toBe('0 7 * * 1,5');
    expect(cronPatternOf({ every: 'month', day: 'last', time: '18:00' })).toBe('0 18 L * *');
  });

  it('keeps a daily 08:00 at 08:00 local across both changes in Berlin', () => {
    const daily: Schedule = { every: 'day', time: '08:00' };
    const spring = ticksWalked(
      daily,
      'Europe/Berlin',
      '2026-03-27T12:00:00Z',
      '2026-03-30T12:00:00Z',
    );
    // CET (UTC+1) until 29 March, CEST (UTC+2) from then.
    expect(spring).toEqual([
      '2026-03-28T07:00:00.000Z',
      '2026-03-29T06:00:00.000Z',
      '2026-03-30T06:00:00.000Z',
    ]);
    const autumn = ticksWalked(
      daily,
      'Europe/Berlin',
      '2026-10-24T12:00:00Z',
      '2026-10-26T12:00:00Z',
    );
    expect(autumn).toEqual(['2026-10-25T07:00:00.000Z', '2026-10-26T07:00:00.000Z']);
  });

  it('runs a time the spring change skips once, and one the autumn change repeats once', () => {
    const early: Schedule = { every: 'day', time: '02:30' };
    // 02:30 does not exist in Berlin on 29 March: the run comes at 03:00 CEST.
    expect(
      ticksWalked(early, 'Europe/Berlin', '2026-03-28T12:00:00Z', '2026-03-29T12:00:00Z'),
    ).toEqual(['2026-03-29T01:00:00.000Z']);
    // 02:30 happens twice on 25 October (CEST, then CET): one run.
    expect(
      ticksWalked(early, 'Europe/Berlin', '2026-10-24T12:00:00Z', '2026-10-25T12:00:00Z'),
    ).toEqual(['2026-10-25T00:30:00.000Z']);
  });

  it('keeps a weekly Monday and Friday 09:00 in New York across its spring change', () => {
    const weekly: Schedule = { every: 'week', days: [1, 5], time: '09:00' };
    const ticks = ticksWalked(
      weekly,
      'America/New_York',
      '2026-03-01T00:00:00Z',
      '2026-03-14T00:00:00Z',
    );
    // EST (UTC-5) until 8 March, EDT (UTC-4) from then.
    expect(ticks).toEqual([
      '2026-03-02T14:00:00.000Z',
      '2026-03-06T14:00:00.000Z',
      '2026-03-09T13:00:00.000Z',
      '2026-03-13T13:00:00.000Z',
    ]);
  });

  it('keeps a monthly last-day 18:00 in New York across its autumn change', () => {
    const monthly: Schedule = { every: 'month', day: 'last', time: '18:00' };
    const ticks = nextTicks(monthly, 'America/New_York', new Date('2026-09-15T00:00:00Z'), 4);
    expect(iso(ticks)).toEqual([
      '2026-09-30T22:00:00.000Z',
      '2026-10-31T22:00:00.000Z',
      '2026-11-30T23:00:00.000Z',
      '2026-12-31T23:00:00.000Z',
    ]);
    const first: Schedule = { every: 'month', day: 1, time: '06:00' };
    expect(iso(nextTicks(first, 'Europe/Berlin', new Date('2026-02-15T00:00:00Z'), 2))).toEqual([
      '2026-03-01T05:00:00.000Z',
      '2026-04-01T04:00:00.000Z',
    ]);
  });

  it('is due for the latest tick only after a gap, and not again for it', () => {
    const hourly: Schedule = { every: 'hour', minute: 0 };
    const since = new Date('2026-05-01T00:00:00Z');
    const now = new Date('2026-05-01T05:30:00Z');
    const due = dueTick(hourly, 'UTC', since, now);
    expect(due?.toISOString()).toBe('2026-05-01T05:00:00.000Z');
    expect(dueTick(hourly, 'UTC', due!, now)).toBeNull();
    expect(dueTick(hourly, 'UTC', since, new Date('2026-05-01T00:59:59Z'))).toBeNull();
  });
});
