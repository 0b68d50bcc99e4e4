import { useEffect, useState } from 'react';
import { apiUrl, httpClient } from '../../ui/api/httpClient';

type PublicData<T> = { status: 'loading' } | { status: 'error' } | { status: 'loaded'; data: T };

/** One anonymous GET of the home page, with its loading and error states. */
export function usePublicJson<T>(path: string): PublicData<T> {
  const [state, setState] = useState<PublicData<T>>({ status: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    httpClient(apiUrl(path), { signal: controller.signal })
      .then(({ json }) => setState({ status: 'loaded', data: json as T }))
      .catch(() => {
        if (!controller.signal.aborted) setState({ status: 'error' });
      });
    return () => controller.abort();
  }, [path]);
  return state;
}
