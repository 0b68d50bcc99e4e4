import { useEffect, useState } from 'react';

type Remote<T> =
  { state: 'loading' } | { state: 'ready'; data: T } | { state: 'failed'; error: unknown };

/** Loads once per `key`; a later key drops the earlier answer. */
export function useRemote<T>(key: string, load: () => Promise<T>): Remote<T> {
  const [result, setResult] = useState<{ key: string; remote: Remote<T> }>({
    key,
    remote: { state: 'loading' },
  });

  useEffect(() => {
    let current = true;
    load().then(
      (data) => current && setResult({ key, remote: { state: 'ready', data } }),
      (error: unknown) => current && setResult({ key, remote: { state: 'failed', error } }),
    );
    return () => {
      current = false;
    };
    // `load` is derived from `key`; reloading on its identity would loop.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);

  return result.key === key ? result.remote : { state: 'loading' };
}
