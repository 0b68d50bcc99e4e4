import { useCallback, useEffect, useState } from 'react';
import type { SourceSchema } from '../../model/api/sources';
import { fetchSchema } from './analyticsApi';

export interface SchemaState {
  schema: SourceSchema | null;
  loading: boolean;
  error: string | null;
  reload: () => void;
}

/** The tables and columns of a source, loaded when `sourceId` is set; reload after changes. */
export function useSchema(sourceId: number | null | undefined): SchemaState {
  const [schema, setSchema] = useState<SourceSchema | null>(null);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [version, setVersion] = useState(0);

  useEffect(() => {
    if (sourceId === null || sourceId === undefined) {
      setSchema(null);
      return;
    }
    const controller = new AbortController();
    setLoading(true);
    setError(null);
    fetchSchema(sourceId, controller.signal)
      .then((answer) => setSchema(answer))
      .catch((failure: unknown) => {
        if (controller.signal.aborted) return;
        setSchema(null);
        setError(failure instanceof Error ? failure.message : String(failure));
      })
      .finally(() => {
        if (!controller.signal.aborted) setLoading(false);
      });
    return () => controller.abort();
  }, [sourceId, version]);

  const reload = useCallback(() => setVersion((value) => value + 1), []);
  return { schema, loading, error, reload };
}
