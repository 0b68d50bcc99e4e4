import { useMemo, useState, type ReactNode } from 'react';
import { Alert, Box, Button, Paper, Stack, Typography } from '@mui/material';
import DashboardIcon from '@mui/icons-material/Dashboard';
import SaveIcon from '@mui/icons-material/Save';
import { useTranslate } from 'react-admin';
import type { SavedChart } from '../../model/charts';
import { brandPalette } from '../../ui/charts/palette';
import { useCompanyProfile } from '../../ui/brand/companyProfile';
import { AddToDashboardDialog } from './AddToDashboardDialog';
import { ChartOptionsForm } from './ChartOptionsForm';
import { ChartPreview } from './ChartPreview';
import { ChartTypePicker } from './ChartTypePicker';
import { DatasetSelect } from './DatasetSelect';
import { FieldList } from './FieldList';
import { SaveChartDialog } from './SaveChartDialog';
import { useChartDraft, type ChartDraftState } from './useChartDraft';
import { useDatasets } from './useDatasets';
import { useDraftQuery } from './useDraftQuery';
import { useSaveChart } from './useSaveChart';
import { WellsPanel, addFieldToWell } from './WellsPanel';

/** The tenant's brand colours first: the colours a chart has until the editor picks others. */
function useBrandColors(): string[] {
  const { profile } = useCompanyProfile();
  const primary = profile?.primaryColor ?? undefined;
  const secondary = profile?.secondaryColor ?? undefined;
  return useMemo(() => brandPalette(primary, secondary), [primary, secondary]);
}

/** The chart builder: dataset and fields on the left, wells in the middle, the chart on the right. */
export function ChartBuilder({
  record,
  header,
}: {
  record?: SavedChart;
  /** shown above the builder with its draft, e.g. a question box that fills the draft */
  header?: (state: ChartDraftState) => ReactNode;
}) {
  const translate = useTranslate();
  const brandColors = useBrandColors();
  const state = useChartDraft(record?.spec ?? null);
  const { draft, spec, query } = state;
  const queryState = useDraftQuery(query);
  const datasets = useDatasets();
  const dataset = datasets.data?.find((candidate) => candidate.id === draft.datasetId);
  const fields = dataset?.fields ?? [];
  const save = useSaveChart(record);
  const [dialog, setDialog] = useState<'save' | 'dashboard' | null>(null);
  const savedId = save.savedId;

  return (
    <>
      {header?.(state)}
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          // Fields and wells side by side with the chart below them; three columns on wide screens.
          gridTemplateColumns: { xs: '1fr', md: '240px 1fr', xl: '240px minmax(320px, 400px) 1fr' },
          alignItems: 'start',
        }}
      >
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
        <Box>
          {dataset ? (
            <WellsPanel state={state} fields={fields} />
          ) : (
            <Typography color="text.secondary" sx={{ p: 2 }}>
              {translate('charts.builder.pickDataset')}
            </Typography>
          )}
        </Box>
        <Stack spacing={2} sx={{ gridColumn: { md: '1 / -1', xl: 'auto' }, minWidth: 0 }}>
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
              disabled={!spec}
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
          {save.error && (
            <Alert severity="error" role="alert">
              {translate('charts.builder.saveFailed', { message: save.error })}
            </Alert>
          )}
          <Paper variant="outlined" sx={{ p: 1.5 }}>
            {draft.title && <Typography variant="h6">{draft.title}</Typography>}
            <ChartPreview
              spec={spec}
              state={queryState}
              emptyText={translate(
                dataset ? 'charts.builder.pickFields' : 'charts.builder.pickDataset',
              )}
            />
          </Paper>
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
              brandColors={brandColors}
              onTitle={state.setTitle}
              onOptions={state.setOptions}
            />
          </Paper>
        </Stack>
        {dialog === 'save' && spec && (
          <SaveChartDialog
            initialName={save.name || draft.title}
            initialDescription={save.description}
            saving={save.saving}
            onClose={() => setDialog(null)}
            onSave={async (name, description) => {
              if (await save.save(spec, name, description)) setDialog(null);
            }}
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
