import { useEffect, useState } from 'react';
import type { Geographies } from './geographies';

// The map boundaries, loaded with a dynamic import the first time a map chart is shown: the
// main bundle never carries them, and later maps find them loaded.

let loading: Promise<Geographies> | null = null;
let loaded: Geographies | null = null;

function loadGeographies(): Promise<Geographies> {
  loading ??= import('./geographies').then(({ geographies }) => (loaded = geographies()));
  return loading;
}

export type GeographiesState =
  | { state: 'ready'; geographies: Geographies }
  | { state: 'loading' }
  | { state: 'failed'; message: string }
  | { state: 'unused' };

/** The boundaries when `wanted` (a map chart), loading on first use. */
export function useGeographies(wanted: boolean): GeographiesState {
  const [state, setState] = useState<GeographiesState>(() =>
    loaded ? { state: 'ready', geographies: loaded } : { state: 'loading' },
  );
  useEffect(() => {
    if (!wanted || loaded) return;
    let current = true;
    loadGeographies().then(
      (geographies) => current && setState({ state: 'ready', geographies }),
      (error: unknown) => {
        // a failed chunk may load on the next try (a new deployment, a network blip)
        loading = null;
        if (current) setState({ state: 'failed', message: String(error) });
      },
    );
    return () => {
      current = false;
    };
  }, [wanted]);
  if (!wanted) return { state: 'unused' };
  return loaded ? { state: 'ready', geographies: loaded } : state;
}
