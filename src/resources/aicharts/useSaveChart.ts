import { useState } from 'react';
import { useDataProvider, useNotify } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import type { ChartSpec, SavedChart } from '../../../common/charts';
import type { Translations } from '../../../common/contentTranslations';

interface SaveChartState {
  savedId: number | null;
  name: string;
  description: string;
  translations: Translations | undefined;
  saving: boolean;
  error: string | null;
  /** Creates or updates the `aicharts` record; true when it was saved. */
  save: (
    spec: ChartSpec,
    name: string,
    description: string,
    translations?: Translations,
  ) => Promise<boolean>;
}

/** Saving the builder's chart: the first save creates the record and opens its edit page. */
export function useSaveChart(record: SavedChart | undefined): SaveChartState {
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const navigate = useNavigate();
  const [saved, setSaved] = useState<SavedChart | undefined>(record);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const save = async (
    spec: ChartSpec,
    name: string,
    description: string,
    translations?: Translations,
  ) => {
    const data = {
      datasetId: spec.query.datasetId,
      name,
      description,
      spec,
      ...(translations ? { translations } : {}),
    };
    setSaving(true);
    setError(null);
    try {
      const answer = saved
        ? await dataProvider.update<SavedChart>('aicharts', {
            id: saved.id,
            data,
            previousData: saved,
          })
        : await dataProvider.create<SavedChart>('aicharts', { data });
      setSaved(answer.data);
      notify('charts.builder.saved', { type: 'success' });
      if (!saved) navigate(`/aicharts/${answer.data.id}`, { replace: true });
      return true;
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : String(caught));
      return false;
    } finally {
      setSaving(false);
    }
  };

  return {
    savedId: saved?.id ?? null,
    name: saved?.name ?? '',
    description: saved?.description ?? '',
    translations: saved?.translations,
    saving,
    error,
    save,
  };
}
