import { useMemo, useState, type ReactNode } from 'react';
import { Alert, Box, Button, Paper, Stack, Typography } from '@mui/material';
import DashboardIcon from '@mui/icons-material/Dashboard';
import SaveIcon from '@mui/icons-material/Save';
import { useTranslate } from 'react-admin';
import { draftOverColumns, draftToSpec, resultSpec } from '../../../common/chartDraft';
import type { ChartSpec, SavedChart } from '../../../common/charts';
import type { Translations } from '../../../common/contentTranslations';
import type { DatasetDraft } from '../../ui/warehouse/datasetDraft';
import { brandPalette } from '../../ui/charts/palette';
import { useCompanyProfile } from '../../ui/brand/companyProfile';
import { AddToDashboardDialog } from './AddToDashboardDialog';
import { ChartOptionsForm } from './ChartOptionsForm';
import { ChartPreview } from './ChartPreview';
import { PivotLayoutPanel } from './PivotLayoutPanel';
import { ChartTypePicker } from './ChartTypePicker';
import { DatasetSelect } from './DatasetSelect';
import { FieldList } from './FieldList';
import { SaveChartDialog } from './SaveChartDialog';
import { useChartDraft, type ChartDraftState } from './useChartDraft';
import { useDatasets } from './useDatasets';
import { useDraftQuery } from './useDraftQuery';
import { useSaveChart } from './useSaveChart';
import { useSqlDraftChart } from './useSqlDraftChart';
import { WellsPanel, addFieldToWell } from './WellsPanel';

/** The tenant's brand colours first: the colours a chart has until the editor picks others. */
function useBrandColors(): string[] {
  const { profile } = useCompanyProfile();
  const primary = profile?.primaryColor ?? undefined;
  const secondary = profile?.secondaryColor ?? undefined;
  return useMemo(() => brandPalette(primary, secondary), [primary, secondary]);
}

/** The chart builder: the chart first, with the dataset, fields, wells and options at its side. */
export function ChartBuilder({
  record,
  header,
  sqlDraft = null,
}: {
  record?: SavedChart;
  /** the explorer's query ("Visualise"): drawn as it is until the draft names a dataset */
  sqlDraft?: DatasetDraft | null;
  /** shown above the builder with its draft, e.g. a question box that fills the draft */
  header?: (state: ChartDraftState) => ReactNode;
}) {
  const translate = useTranslate();
  const brandColors = useBrandColors();
  const state = useChartDraft(record?.spec ?? null);
  const { draft, spec, query } = state;
  const queryState = useDraftQuery(query, spec);
  const datasets = useDatasets();
  const dataset = datasets.data?.find((candidate) => candidate.id === draft.datasetId);
  const fields = dataset?.fields ?? [];
  const save = useSaveChart(record);
  const [dialog, setDialog] = useState<'save' | 'dashboard' | null>(null);
  const savedId = save.savedId;
  const drawsSql = sqlDraft !== null && draft.datasetId === null;
  const sqlChart = useSqlDraftChart(sqlDraft, drawsSql);
  const [sqlSaveError, setSqlSaveError] = useState<string | null>(null);
  const [savingSql, setSavingSql] = useState(false);
  const previewSpec = drawsSql ? resultSpec(draft) : spec;
  const canSave = drawsSql ? sqlChart.state.result !== null : spec !== null;
  const previewState = drawsSql ? sqlChart.state : queryState;
  const saveError = save.error ?? sqlSaveError;

  /** Saves the chart; a chart of the explorer's query first keeps the query as a dataset. */
  const saveChart = async (name: string, description: string, translations?: Translations) => {
    let saved: ChartSpec | null = spec;
    if (drawsSql) {
      const columns = sqlChart.state.result?.columns ?? [];
      setSqlSaveError(null);
      setSavingSql(true);
      try {
        const dataset = await sqlChart.saveDataset(name);
        saved = draftToSpec(draftOverColumns(draft, dataset.id, columns));
      } catch (failure) {
        setSqlSaveError(failure instanceof Error ? failure.message : String(failure));
        return;
      } finally {
        setSavingSql(false);
      }
      if (saved) state.load(saved);
    }
    if (saved && (await save.save(saved, name, description, translations))) setDialog(null);
  };

  return (
    <>
      {header?.(state)}
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          // The chart first, beside the question; the editing panels at its side (below it on
          // a phone), as other BI tools lay out their chart editors.
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) 300px' },
          alignItems: 'start',
        }}
      >
        <Stack spacing={2} sx={{ minWidth: 0 }} data-testid="chart-area">
          <Stack
            direction="row"
            spacing={1}
            useFlexGap
            sx={{ alignItems: 'center', flexWrap: 'wrap' }}
          >
            <ChartTypePicker value={draft.type} onChange={state.setType} />
            <Box sx={{ flex: 1 }} />
            <Button
              variant="contained"
              startIcon={<SaveIcon />}
              disabled={!canSave}
              onClick={() => setDialog('save')}
            >
              {translate('charts.builder.save')}
            </Button>
            <Button
              startIcon={<DashboardIcon />}
              disabled={savedId === null}
              title={savedId === null ? translate('charts.builder.saveFirst') : undefined}
              onClick={() => setDialog('dashboard')}
            >
              {translate('charts.builder.addToDashboard')}
            </Button>
          </Stack>
          {saveError && (
            <Alert severity="error" role="alert">
              {translate('charts.builder.saveFailed', { message: saveError })}
            </Alert>
          )}
          <Paper variant="outlined" sx={{ p: 1.5 }}>
            {draft.title && <Typography variant="h6">{draft.title}</Typography>}
            <ChartPreview
              spec={previewSpec}
              state={previewState}
              emptyText={translate(
                dataset ? 'charts.builder.pickFields' : 'charts.builder.pickDataset',
              )}
            />
          </Paper>
        </Stack>
        <Stack spacing={2} sx={{ minWidth: 0 }} data-testid="builder-panels">
          <Paper variant="outlined" sx={{ p: 1.5 }}>
            {datasets.error && (
              <Alert severity="error" role="alert">
                {translate('charts.builder.datasetsFailed', { message: datasets.error.message })}
              </Alert>
            )}
            <DatasetSelect
              fullWidth
              label={translate('charts.builder.dataset')}
              datasets={datasets.data}
              loading={datasets.isPending}
              value={draft.datasetId}
              onChange={state.setDataset}
            />
            {dataset && (
              <FieldList
                fields={fields}
                onAdd={(well, name) => addFieldToWell(state, fields, well, name)}
              />
            )}
          </Paper>
          {dataset && draft.type === 'pivot' ? (
            <PivotLayoutPanel state={state} fields={fields} />
          ) : null}
          {dataset ? (
            <WellsPanel state={state} fields={fields} />
          ) : (
            <Typography color="text.secondary" sx={{ p: 2 }}>
              {translate('charts.builder.pickDataset')}
            </Typography>
          )}
          <Paper
            variant="outlined"
            sx={{ p: 1.5 }}
            component="section"
            aria-label={translate('charts.builder.options')}
          >
            <Typography variant="subtitle2" gutterBottom>
              {translate('charts.builder.options')}
            </Typography>
            <ChartOptionsForm
              title={draft.title}
              options={draft.options}
              chartType={draft.type}
              brandColors={brandColors}
              onTitle={state.setTitle}
              onOptions={state.setOptions}
            />
          </Paper>
        </Stack>
        {dialog === 'save' && canSave && (
          <SaveChartDialog
            initialName={save.name || draft.title}
            initialDescription={save.description}
            initialTranslations={save.translations}
            title={draft.title}
            saving={save.saving || savingSql}
            onClose={() => setDialog(null)}
            onSave={saveChart}
          />
        )}
        {dialog === 'dashboard' && savedId !== null && (
          <AddToDashboardDialog
            chartId={savedId}
            chartName={save.name || draft.title}
            onClose={() => setDialog(null)}
          />
        )}
      </Box>
    </>
  );
}
