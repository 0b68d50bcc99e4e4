import { useEffect, useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';

/** Loads the values containing `search` (empty: the most frequent ones). */
export type ValuesLoader = (search: string, signal: AbortSignal) => Promise<string[]>;

// A pause after a keystroke before asking the server, so typing "ord" asks once, not thrice.
const TYPING_PAUSE_MS = 250;

/** `value`, once it has stayed the same for `ms` (at once when `ms` is 0). */
function useSettledValue(value: string, ms: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/**
 * The values a values filter offers while it is open, asked of the server for what the viewer
 * types; each search's answer is kept for as long as the filter is on the page.
 */
export function useSearchedValues(load: ValuesLoader | undefined, open: boolean, search: string) {
  const filterId = useId();
  const needle = search.trim();
  const asked = useSettledValue(needle, needle ? TYPING_PAUSE_MS : 0);
  const enabled = open && load !== undefined;
  const answer = useQuery({
    queryKey: ['dashboardFilterValues', filterId, asked],
    queryFn: ({ signal }) => load!(asked, signal),
    enabled,
    retry: false,
    refetchOnWindowFocus: false,
    staleTime: Infinity,
  });
  if (!enabled) return { options: [] as string[], loading: false };
  // "Loading…" rather than the last search's values while this one waits or is asked.
  if (asked !== needle) return { options: [] as string[], loading: true };
  return { options: answer.data ?? [], loading: answer.isFetching };
}
