import { useEffect, useRef, useState } from 'react';

/** Loads the values containing `search` (empty: the most frequent ones). */
export type ValuesLoader = (search: string, signal: AbortSignal) => Promise<string[]>;

// A pause after a keystroke before asking the server, so typing "ord" asks once, not thrice.
const TYPING_PAUSE_MS = 250;

/**
 * The values a values filter offers while it is open, asked of the server for what the viewer
 * types; each search's answer is kept for as long as the filter is on the page.
 */
export function useSearchedValues(load: ValuesLoader | undefined, open: boolean, search: string) {
  const [options, setOptions] = useState<string[]>([]);
  const [loading, setLoading] = useState(false);
  const answers = useRef(new Map<string, string[]>());
  const loader = useRef(load);
  loader.current = load;
  const needle = search.trim();

  useEffect(() => {
    if (!open || !loader.current) return undefined;
    const known = answers.current.get(needle);
    if (known) {
      setOptions(known);
      setLoading(false);
      return undefined;
    }
    const controller = new AbortController();
    // "Loading…" rather than the last search's values while this one is asked.
    setOptions([]);
    setLoading(true);
    const ask = () =>
      loader.current!(needle, controller.signal)
        .then((values) => {
          answers.current.set(needle, values);
          setOptions(values);
        })
        .catch(() => !controller.signal.aborted && setOptions([]))
        .finally(() => !controller.signal.aborted && setLoading(false));
    const timer = setTimeout(ask, needle ? TYPING_PAUSE_MS : 0);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [open, needle]);

  return { options, loading };
}
