import { useState } from 'react';
import {
  Alert as Notice,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  List,
  ListItem,
  ListItemText,
  Stack,
  Typography,
} from '@mui/material';
import { Confirm, useGetOne, useNotify, useTranslate } from 'react-admin';
import type { Annotation } from '../../../common/api/annotations';
import { AnnotationForm } from './AnnotationForm';
import { deleteAnnotation, useChartAnnotations } from './annotationsApi';

// The annotations shown on a chart, for editors: listed with their dates and scope, added,
// changed, and deleted after a confirmation.

interface ChartAnnotationsDialogProps {
  chart: { id: number; name: string; datasetId: number };
  onClose: () => void;
}

function datesOf(annotation: Annotation): string {
  // isolated so that a right-to-left page keeps the range in reading order
  return annotation.endsOn ? `${annotation.startsOn} – ${annotation.endsOn}` : annotation.startsOn;
}

function Swatch({ colour }: { colour: string }) {
  return (
    <Box
      aria-hidden
      sx={{
        width: 14,
        height: 14,
        borderRadius: '50%',
        bgcolor: colour,
        border: 1,
        borderColor: 'divider',
        flexShrink: 0,
      }}
    />
  );
}

export function ChartAnnotationsDialog({ chart, onClose }: ChartAnnotationsDialogProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const { annotations, loading, error, reload } = useChartAnnotations(chart);
  const { data: dataset } = useGetOne<{ id: number; name: string }>('datasets', {
    id: chart.datasetId,
  });
  const datasetName = dataset?.name ?? '';
  const [editing, setEditing] = useState<Annotation | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Annotation | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const remove = async (target: Annotation) => {
    setFailure(null);
    try {
      await deleteAnnotation(chart.datasetId, target.id);
      notify('annotations.deleted', { type: 'info' });
    } catch (caught) {
      setFailure((caught as Error).message);
    }
    await reload();
  };

  const scopeOf = (annotation: Annotation) =>
    annotation.chartId === null
      ? translate('annotations.scope.dataset', { dataset: datasetName })
      : translate('annotations.scope.chart');

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>{translate('annotations.title', { chart: chart.name })}</DialogTitle>
      <DialogContent>
        {loading && <LinearProgress />}
        {error && (
          <Notice severity="error">
            {translate('annotations.loadFailed', { message: error })}
          </Notice>
        )}
        {failure && <Notice severity="error">{failure}</Notice>}
        {editing ? (
          <AnnotationForm
            chart={chart}
            datasetName={datasetName}
            annotation={editing === 'new' ? null : editing}
            onCancel={() => setEditing(null)}
            onSaved={() => {
              setEditing(null);
              notify('annotations.saved', { type: 'info' });
              void reload();
            }}
          />
        ) : (
          <>
            {!loading && !error && annotations.length === 0 && (
              <Typography color="text.secondary" sx={{ py: 2 }}>
                {translate('annotations.empty')}
              </Typography>
            )}
            <List aria-label={translate('annotations.menu')}>
              {annotations.map((annotation) => (
                <ListItem
                  key={annotation.id}
                  divider
                  disableGutters
                  sx={{ flexWrap: 'wrap', gap: 1 }}
                >
                  <Swatch colour={annotation.colour} />
                  <ListItemText
                    primary={annotation.label}
                    secondary={
                      <>
                        <bdi>{datesOf(annotation)}</bdi>
                        {' · '}
                        <bdi>{scopeOf(annotation)}</bdi>
                      </>
                    }
                    sx={{ minWidth: 180 }}
                  />
                  <Stack direction="row" spacing={0.5}>
                    <Button size="small" onClick={() => setEditing(annotation)}>
                      {translate('annotations.edit')}
                    </Button>
                    <Button size="small" color="error" onClick={() => setDeleting(annotation)}>
                      {translate('annotations.delete')}
                    </Button>
                  </Stack>
                </ListItem>
              ))}
            </List>
          </>
        )}
      </DialogContent>
      {!editing && (
        <DialogActions>
          <Button onClick={onClose}>{translate('annotations.close')}</Button>
          <Button variant="contained" onClick={() => setEditing('new')}>
            {translate('annotations.add')}
          </Button>
        </DialogActions>
      )}
      <Confirm
        isOpen={deleting !== null}
        title={translate('annotations.confirmDelete')}
        content={translate('annotations.confirmDeleteText', { label: deleting?.label ?? '' })}
        onConfirm={() => {
          const target = deleting;
          setDeleting(null);
          if (target) void remove(target);
        }}
        onClose={() => setDeleting(null)}
      />
    </Dialog>
  );
}
