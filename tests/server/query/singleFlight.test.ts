import { describe, expect, it } from 'vitest';
import { AbortedError, SingleFlight } from '../../../server/query/singleFlight';

/** An execution the test finishes by hand, recording the signal it was given. */
function controllable() {
  let finish!: (value: string) => void;
  const calls: AbortSignal[] = [];
  const execute = (signal: AbortSignal) => {
    calls.push(signal);
    return new Promise<string>((resolve, reject) => {
      finish = resolve;
      signal.addEventListener('abort', () => reject(new Error('stopped at the source')));
    });
  };
  return { execute, calls, finish: (value: string) => finish(value) };
}

describe('SingleFlight', () => {
  it('runs identical keys in flight once and gives everyone the answer', async () => {
    const flights = new SingleFlight<string>();
    const work = controllable();
    const waiting = Array.from({ length: 50 }, () => flights.run('k', work.execute));
    await Promise.resolve();
    await Promise.resolve();
    work.finish('answer');
    expect(await Promise.all(waiting)).toEqual(Array(50).fill('answer'));
    expect(work.calls).toHaveLength(1);
    expect(flights.size).toBe(0);
  });

  it('lets one waiter go without cancelling the others', async () => {
    const flights = new SingleFlight<string>();
    const work = controllable();
    const leaving = new AbortController();
    const first = flights.run('k', work.execute, leaving.signal);
    const second = flights.run('k', work.execute, new AbortController().signal);
    leaving.abort();
    await expect(first).rejects.toBeInstanceOf(AbortedError);
    await Promise.resolve();
    expect(work.calls[0].aborted).toBe(false);
    work.finish('answer');
    expect(await second).toBe('answer');
  });

  it('cancels the execution when every waiter has gone, and starts afresh after', async () => {
    const flights = new SingleFlight<string>();
    const work = controllable();
    const a = new AbortController();
    const b = new AbortController();
    const first = flights.run('k', work.execute, a.signal);
    const second = flights.run('k', work.execute, b.signal);
    await Promise.resolve();
    a.abort();
    b.abort();
    await expect(first).rejects.toBeInstanceOf(AbortedError);
    await expect(second).rejects.toBeInstanceOf(AbortedError);
    expect(work.calls[0].aborted).toBe(true);
    const third = flights.run('k', work.execute);
    await Promise.resolve();
    await Promise.resolve();
    expect(work.calls).toHaveLength(2);
    work.finish('again');
    expect(await third).toBe('again');
  });

  it('shares a failure with every waiter and forgets the key', async () => {
    const flights = new SingleFlight<string>();
    const failing = () => Promise.reject(new Error('syntax error'));
    const both = [flights.run('k', failing), flights.run('k', failing)];
    for (const waiting of both) await expect(waiting).rejects.toThrow('syntax error');
    expect(flights.size).toBe(0);
  });
});
