import { useState } from 'react';
import { useDataProvider, useTranslate } from 'react-admin';
import type { Dataset } from '../../../common/analytics';

/**
 * A name field and the create of a dataset over a source's SQL, with its pending and error
 * states: the explorer's "Save as dataset" and the chart builder's draft from "Visualise".
 * `create` answers the new dataset, or null when the name is missing or the server refused.
 */
export function useCreateSqlDataset(initialName = '') {
  const translate = useTranslate();
  const dataProvider = useDataProvider();
  const [name, setName] = useState(initialName);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const create = async (sourceId: number, sql: string): Promise<Dataset | null> => {
    const trimmed = name.trim();
    if (trimmed === '') {
      setError(translate('analytics.validation.required'));
      return null;
    }
    setSaving(true);
    setError(null);
    try {
      const { data } = await dataProvider.create<Dataset>('datasets', {
        data: { sourceId, name: trimmed, sql: sql.trim() },
      });
      return data;
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
      return null;
    } finally {
      setSaving(false);
    }
  };

  return { name, setName, error, saving, create };
}
