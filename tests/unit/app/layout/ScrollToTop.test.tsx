import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Link, MemoryRouter } from 'react-router-dom';
import { ScrollToTop } from '../../../../src/app/layout/ScrollToTop';

afterEach(() => vi.restoreAllMocks());

describe('ScrollToTop', () => {
  it('scrolls to the top on each navigation', () => {
    // jsdom does not lay pages out; record the calls instead.
    const scrolls: unknown[][] = [];
    vi.spyOn(window, 'scrollTo').mockImplementation((...args: unknown[]) => {
      scrolls.push(args);
    });
    render(
      <MemoryRouter initialEntries={['/a']}>
        <ScrollToTop />
        <Link to="/b">b</Link>
        <Link to="/b?page=2">b2</Link>
      </MemoryRouter>,
    );
    const initial = scrolls.length;
    act(() => fireEvent.click(screen.getByText('b')));
    act(() => fireEvent.click(screen.getByText('b2')));
    expect(scrolls.length - initial).toBe(2);
    expect(scrolls.at(-1)).toEqual([0, 0]);
  });
});
