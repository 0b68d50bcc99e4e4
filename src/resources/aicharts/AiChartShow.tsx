import { useState } from 'react';
import { Box, Button, LinearProgress, Paper, Stack, Typography } from '@mui/material';
import NotificationsIcon from '@mui/icons-material/NotificationsNone';
import EventNoteIcon from '@mui/icons-material/EventNote';
import { ShowBase, Title, useRecordContext, useTranslate } from 'react-admin';
import type { SavedChart } from '../../../common/charts';
import { AlertBadge } from '../../ui/alerts/AlertBadge';
import { ChartAlertsContext } from '../../ui/alerts/alertsApi';
import { ChartAlertsDialog } from '../../ui/alerts/ChartAlertsDialog';
import { useChartAnnotations } from '../../ui/annotations/annotationsApi';
import { ChartAnnotationsDialog } from '../../ui/annotations/ChartAnnotationsDialog';
import { useCanAnnotate } from '../../ui/annotations/ChartAnnotationsMenuItem';
import { ChartPreview } from './ChartPreview';
import { useDraftQuery } from './useDraftQuery';
import { useTranslated } from '../../ui/translations/useContentLanguage';

/** Stands for the chart while it loads: no chart type may be annotated. */
const NO_SPEC = { type: 'table' } as SavedChart['spec'];

function ShowBody() {
  const translate = useTranslate();
  const record = useRecordContext<SavedChart>();
  const state = useDraftQuery(record?.spec.query ?? null, record?.spec);
  const [alertsOpen, setAlertsOpen] = useState(false);
  const [annotationsOpen, setAnnotationsOpen] = useState(false);
  const { annotations } = useChartAnnotations(record);
  const canAnnotate = useCanAnnotate(record?.spec ?? NO_SPEC);
  // The chart's own title lives in its spec; its translations sit beside the name's.
  const texts = useTranslated(
    record && {
      name: record.name,
      title: record.spec.title,
      translations: record.translations,
    },
  );
  if (!record) return <LinearProgress />;
  return (
    <Box sx={{ py: 2 }}>
      <Title title={texts?.name ?? record.name} />
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack
          direction="row"
          spacing={1}
          useFlexGap
          sx={{ alignItems: 'center', flexWrap: 'wrap' }}
        >
          <Typography variant="h6" component="h1" sx={{ flex: 1 }}>
            {texts?.title || texts?.name || record.name}
          </Typography>
          <AlertBadge chartId={record.id} />
          <Button startIcon={<NotificationsIcon />} onClick={() => setAlertsOpen(true)}>
            {translate('alerts.actions.button')}
          </Button>
          {canAnnotate && (
            <Button startIcon={<EventNoteIcon />} onClick={() => setAnnotationsOpen(true)}>
              {translate('annotations.menu')}
            </Button>
          )}
        </Stack>
        {record.description && (
          <Typography color="text.secondary" gutterBottom>
            {record.description}
          </Typography>
        )}
        <ChartPreview
          spec={record.spec}
          state={state}
          emptyText={translate('charts.builder.pickFields')}
          annotations={annotations}
        />
      </Paper>
      {alertsOpen && <ChartAlertsDialog chart={record} open onClose={() => setAlertsOpen(false)} />}
      {annotationsOpen && (
        <ChartAnnotationsDialog chart={record} onClose={() => setAnnotationsOpen(false)} />
      )}
    </Box>
  );
}

/** A saved chart, read-only (what viewers open from the list), with the user's alerts on it. */
export default function AiChartShow() {
  return (
    <ShowBase>
      <ChartAlertsContext.Provider value={true}>
        <ShowBody />
      </ChartAlertsContext.Provider>
    </ShowBase>
  );
}
