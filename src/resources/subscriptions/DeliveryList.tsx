import { useState } from 'react';
import {
  Box,
  Button,
  Chip,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import {
  Confirm,
  FunctionField,
  List,
  SearchInput,
  SelectInput,
  TextField,
  useGetIdentity,
  useNotify,
  usePermissions,
  useRecordContext,
  useRefresh,
  useTranslate,
} from 'react-admin';
import type { Delivery } from '../../../common/api/subscriptions';
import { RecordDatagrid } from '../../ui/RecordDatagrid';
import { deleteDelivery, setDeliveryPaused } from './deliveriesApi';

// The Subscriptions pages: the user's subscriptions and alerts (or, on the admin's page, all of
// the account's), each opening onto its latest runs; pause, resume and delete (after
// confirming) for whoever made it, and for admins.

const when = (iso: string) => new Date(iso).toLocaleString();

function useScheduleText() {
  const translate = useTranslate();
  return (schedule: Delivery['schedule']) => {
    if (schedule.every === 'hour') {
      return translate('deliveries.schedule.hour', { minute: schedule.minute });
    }
    if (schedule.every === 'day')
      return translate('deliveries.schedule.day', { time: schedule.time });
    if (schedule.every === 'week') {
      return translate('deliveries.schedule.week', { time: schedule.time });
    }
    return translate('deliveries.schedule.month', { day: schedule.day, time: schedule.time });
  };
}

function StatusChip({ line }: { line: Delivery }) {
  const translate = useTranslate();
  const color =
    line.status === 'failing' ? 'error' : line.status === 'active' ? 'success' : 'default';
  return (
    <Chip
      size="small"
      variant="outlined"
      color={color}
      label={translate(`deliveries.status.${line.status}`)}
    />
  );
}

/** The latest runs of a line (its expanded panel). */
function DeliveryRuns() {
  const translate = useTranslate();
  const line = useRecordContext<Delivery>();
  if (!line) return null;
  if (line.runs.length === 0) {
    return <Typography sx={{ p: 1 }}>{translate('deliveries.runs.none')}</Typography>;
  }
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={translate('deliveries.runs.title', { name: line.name })}>
        <TableHead>
          <TableRow>
            <TableCell>{translate('deliveries.runs.time')}</TableCell>
            <TableCell>{translate('deliveries.runs.duration')}</TableCell>
            <TableCell>{translate('deliveries.runs.recipients')}</TableCell>
            <TableCell>{translate('deliveries.runs.outcome')}</TableCell>
            <TableCell>{translate('deliveries.runs.error')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {line.runs.map((run) => (
            <TableRow key={run.startedAt}>
              <TableCell>{when(run.startedAt)}</TableCell>
              <TableCell>
                {run.durationMs === undefined
                  ? '—'
                  : translate('deliveries.runs.ms', { ms: run.durationMs })}
              </TableCell>
              <TableCell>{run.recipients.join(', ') || '—'}</TableCell>
              <TableCell>
                {translate(`deliveries.outcome.${run.outcome}`, { _: run.outcome })}
              </TableCell>
              <TableCell>{run.error ?? ''}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

/** Pause or resume, and delete after confirming: for its maker and for admins. */
function LineActions() {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const line = useRecordContext<Delivery>();
  const { identity } = useGetIdentity();
  const { permissions } = usePermissions();
  const [deleting, setDeleting] = useState(false);
  if (!line || (permissions !== 'admin' && identity?.id !== line.ownerId)) return null;
  const act = async (work: () => Promise<void>, done: string) => {
    try {
      await work();
      notify(done, { type: 'info' });
    } catch (caught) {
      notify((caught as Error).message, { type: 'error' });
    }
    refresh();
  };
  return (
    <Stack direction="row" spacing={0.5} onClick={(event) => event.stopPropagation()}>
      <Button
        size="small"
        onClick={() =>
          void act(
            () => setDeliveryPaused(line, !line.paused),
            line.paused ? 'deliveries.done.resumed' : 'deliveries.done.paused',
          )
        }
      >
        {translate(line.paused ? 'deliveries.actions.resume' : 'deliveries.actions.pause')}
      </Button>
      <Button size="small" color="error" onClick={() => setDeleting(true)}>
        {translate('ra.action.delete')}
      </Button>
      <Confirm
        isOpen={deleting}
        title={translate(`deliveries.delete.${line.kind}`)}
        content={translate('deliveries.delete.content', { name: line.name })}
        onConfirm={() => {
          setDeleting(false);
          void act(() => deleteDelivery(line), 'deliveries.done.deleted');
        }}
        onClose={() => setDeleting(false)}
      />
    </Stack>
  );
}

function Empty({ scope }: { scope: 'mine' | 'account' }) {
  const translate = useTranslate();
  return (
    <Box sx={{ p: 4, textAlign: 'center' }}>
      <Typography variant="h6" component="p">
        {translate(`deliveries.empty.${scope}.title`)}
      </Typography>
      <Typography color="text.secondary">{translate(`deliveries.empty.${scope}.text`)}</Typography>
    </Box>
  );
}

/** The list of one page: the user's own (`mine`) or the account's (`account`, admins). */
export function DeliveryList({ scope }: { scope: 'mine' | 'account' }) {
  const translate = useTranslate();
  const scheduleText = useScheduleText();
  const filters = [
    <SearchInput key="q" source="q" alwaysOn />,
    <SelectInput
      key="kind"
      source="kind"
      label={translate('deliveries.fields.kind')}
      choices={[
        { id: 'subscription', name: translate('deliveries.kind.subscription') },
        { id: 'alert', name: translate('deliveries.kind.alert') },
      ]}
    />,
  ];
  return (
    <List
      filters={filters}
      filter={scope === 'account' ? { scope: 'account' } : undefined}
      sort={{ field: 'createdAt', order: 'DESC' }}
      exporter={false}
      empty={<Empty scope={scope} />}
    >
      <RecordDatagrid rowClick="expand" expand={<DeliveryRuns />} bulkActionButtons={false}>
        <FunctionField<Delivery>
          source="kind"
          label={translate('deliveries.fields.kind')}
          render={(line) => translate(`deliveries.kind.${line.kind}`)}
        />
        <TextField source="name" label={translate('deliveries.fields.name')} />
        <FunctionField<Delivery>
          label={translate('deliveries.fields.schedule')}
          render={(line) => scheduleText(line.schedule)}
        />
        <FunctionField<Delivery>
          label={translate('deliveries.fields.recipients')}
          render={(line) =>
            `${translate(`deliveries.channel.${line.channel}`)}: ${line.recipients.join(', ') || '—'}`
          }
        />
        <FunctionField<Delivery>
          source="status"
          label={translate('deliveries.fields.status')}
          render={(line) => <StatusChip line={line} />}
        />
        <FunctionField<Delivery>
          label={translate('deliveries.fields.lastRun')}
          render={(line) =>
            line.runs[0]
              ? `${when(line.runs[0].startedAt)} · ${translate(`deliveries.outcome.${line.runs[0].outcome}`, { _: line.runs[0].outcome })}`
              : translate('deliveries.runs.never')
          }
        />
        <LineActions />
      </RecordDatagrid>
    </List>
  );
}
