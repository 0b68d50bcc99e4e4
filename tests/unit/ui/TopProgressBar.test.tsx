import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PROGRESS_TICK_MS, TopProgressBar, nextProgress } from '../../../src/ui/TopProgressBar';

afterEach(() => vi.useRealTimers());

describe('TopProgressBar', () => {
  it('advances every 200 ms and never reaches the end by itself', () => {
    expect(PROGRESS_TICK_MS).toBe(200);
    vi.useFakeTimers();
    render(<TopProgressBar />);
    const bar = screen.getByRole('progressbar');
    const at = () => Number(bar.getAttribute('aria-valuenow'));
    const first = at();
    act(() => vi.advanceTimersByTime(199));
    expect(at()).toBe(first);
    act(() => vi.advanceTimersByTime(1));
    const second = at();
    expect(second).toBeGreaterThan(first);
    act(() => vi.advanceTimersByTime(200));
    expect(at()).toBeGreaterThan(second);
    act(() => vi.advanceTimersByTime(200 * 500));
    expect(at()).toBeLessThan(100);
  });

  it('steps toward but never past 95', () => {
    let value = 0;
    for (let i = 0; i < 1000; i++) value = nextProgress(value);
    expect(value).toBe(95);
  });
});
