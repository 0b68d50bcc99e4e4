import { useState } from 'react';
import { Alert, Box, Button, Chip, Paper, Stack, TextField, Typography } from '@mui/material';
import SaveIcon from '@mui/icons-material/Save';
import { useTranslate } from 'react-admin';
import { useQueryClient } from '@tanstack/react-query';
import type { Dataset } from '../../../common/analytics';
import type { DatasetDraft } from '../../ui/warehouse/datasetDraft';
import { useCreateSqlDataset } from '../../ui/warehouse/useCreateSqlDataset';
import type { ChartDraftState } from './useChartDraft';

// The chart builder opened by the explorer's "Visualise": the query's fields and SQL, and one
// step to save it as a dataset, after which the builder charts it. Nothing is saved before.

export function DatasetDraftPanel({
  draft,
  state,
}: {
  draft: DatasetDraft;
  state: ChartDraftState;
}) {
  const translate = useTranslate();
  const queryClient = useQueryClient();
  const { name, setName, error, saving, create } = useCreateSqlDataset(
    translate('charts.builder.draft.defaultName'),
  );
  const [saved, setSaved] = useState<Dataset | null>(null);

  const save = async () => {
    const data = await create(draft.sourceId, draft.sql);
    if (!data) return;
    // The builder's list of datasets must hold the new one before it is selected.
    await queryClient.invalidateQueries({ queryKey: ['datasets'] });
    state.setDataset(data.id);
    setSaved(data);
  };

  if (saved) {
    return (
      <Alert severity="success" sx={{ mb: 2 }} role="status">
        {translate('charts.builder.draft.saved', { name: saved.name })}
      </Alert>
    );
  }
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-label={translate('charts.builder.draft.title')}
      sx={{ p: 2, mb: 2 }}
    >
      <Typography variant="h6" component="h2">
        {translate('charts.builder.draft.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {translate('charts.builder.draft.hint')}
      </Typography>
      <Box
        component="pre"
        sx={{ m: 0, mb: 1, p: 1, maxHeight: 120, overflow: 'auto', bgcolor: 'action.hover' }}
      >
        {draft.sql}
      </Box>
      <Stack
        direction="row"
        useFlexGap
        spacing={0.5}
        sx={{ flexWrap: 'wrap', mb: 2 }}
        role="list"
        aria-label={translate('charts.builder.draft.fields')}
      >
        {draft.columns.map((column) => (
          <Chip
            key={column.name}
            role="listitem"
            size="small"
            label={column.name}
            title={column.type}
          />
        ))}
      </Stack>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ alignItems: { sm: 'center' } }}
      >
        <TextField
          size="small"
          label={translate('analytics.datasets.fields.name')}
          value={name}
          onChange={(event) => setName(event.target.value)}
          error={error !== null}
          disabled={saving}
        />
        <Button variant="contained" startIcon={<SaveIcon />} onClick={save} disabled={saving}>
          {translate('charts.builder.draft.save')}
        </Button>
      </Stack>
      {error && (
        <Alert severity="error" role="alert" sx={{ mt: 1 }}>
          {error}
        </Alert>
      )}
    </Paper>
  );
}
