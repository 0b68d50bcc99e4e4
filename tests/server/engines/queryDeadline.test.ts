import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { watchDeadline, type StopReason } from '../../../server/engines/queryDeadline';

// The deadline's timer is the subject: the clock is faked and moved by hand.
const wait = (ms: number) => vi.advanceTimersByTimeAsync(ms);

describe('watchDeadline', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('stops the query on the abort, and remembers the first reason', async () => {
    const controller = new AbortController();
    const calls: StopReason[] = [];
    const deadline = watchDeadline({ timeoutMs: 20, signal: controller.signal }, (reason) =>
      calls.push(reason),
    );
    controller.abort();
    await wait(40);
    deadline.dispose();
    expect(calls).toEqual(['cancel', 'timeout']);
    expect(deadline.stopped).toBe('cancel');
    expect(deadline.error('timeout').message).toBe('Query cancelled.');
  });

  it('stops the query once the limit and the grace have passed, naming the limit', async () => {
    const calls: StopReason[] = [];
    const deadline = watchDeadline({ timeoutMs: 10 }, (reason) => calls.push(reason), 30);
    await wait(20);
    expect(calls).toEqual([]);
    await wait(40);
    deadline.dispose();
    expect(calls).toEqual(['timeout']);
    const error = deadline.error('cancel');
    expect(error.message).toBe('Query stopped: it ran longer than the 10 ms limit.');
    expect(error.kind).toBe('timeout');
  });

  it('does nothing once disposed, and answers the fallback error when nothing stopped', async () => {
    const controller = new AbortController();
    const calls: StopReason[] = [];
    const deadline = watchDeadline({ timeoutMs: 5, signal: controller.signal }, (reason) =>
      calls.push(reason),
    );
    deadline.dispose();
    controller.abort();
    await wait(20);
    expect(calls).toEqual([]);
    expect(deadline.stopped).toBeUndefined();
    expect(deadline.error('cancel').kind).toBe('cancelled');
  });
});
