import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Chip,
  IconButton,
  List,
  ListItem,
  ListItemText,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import RefreshIcon from '@mui/icons-material/Refresh';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Confirm, useNotify, useTranslate } from 'react-admin';
import { TIME_GRAINS, type Dataset, type TimeGrain } from '../../../common/analytics';
import type {
  RollupMeasure,
  RollupProposal,
  RollupRecord,
  RollupShape,
} from '../../../common/api/rollups';
import {
  createRollup,
  deleteRollup,
  listRollups,
  proposeRollups,
  refreshRollup,
} from '../../ui/warehouse/analyticsApi';
import { useFormats } from '../../ui/i18n/formats';

// A dataset's rollups: tables in the warehouse that keep the dataset grouped, so the charts
// they cover read a few rows instead of all of them. Each shows its size, build time, last
// refresh, the share of the dataset's queries it answered and whether it is stale; the product
// proposes one from the dataset's charts, and an editor declares their own.

const R = 'analytics.datasets.rollups';
const STATUS_COLOURS = {
  ready: 'success',
  stale: 'warning',
  failed: 'error',
  pending: 'default',
  building: 'info',
} as const;

function describeShape(shape: RollupShape, translate: (key: string, options?: object) => string) {
  const grouped = [...shape.dimensions];
  if (shape.timeField && shape.grain) {
    grouped.push(
      translate(`${R}.byGrain`, {
        field: shape.timeField,
        grain: translate(`${R}.grains.${shape.grain}`),
      }),
    );
  }
  const kept = shape.measures.map((measure) => `${measure.agg}(${measure.field})`);
  return translate(`${R}.shape`, {
    grouped: grouped.join(', ') || '–',
    kept: kept.join(', ') || translate(`${R}.rowsOnly`),
  });
}

function RollupLine({
  rollup,
  onRefresh,
  onRemove,
}: {
  rollup: RollupRecord;
  onRefresh: () => void;
  onRemove: () => void;
}) {
  const translate = useTranslate();
  const formats = useFormats();
  const share = rollup.datasetQueries
    ? Math.round((rollup.queriesAnswered / rollup.datasetQueries) * 100)
    : 0;
  const facts = [
    rollup.rowCount === null
      ? null
      : translate(`${R}.rows`, { count: formats.number(rollup.rowCount) }),
    rollup.sizeBytes === null
      ? null
      : translate(`${R}.bytes`, { size: (rollup.sizeBytes / 1024).toFixed(1) }),
    rollup.buildMs === null
      ? null
      : translate(`${R}.buildTime`, { ms: formats.number(rollup.buildMs) }),
    rollup.lastRefreshedAt
      ? translate(`${R}.refreshedAt`, { at: new Date(rollup.lastRefreshedAt).toLocaleString() })
      : translate(`${R}.neverBuilt`),
    translate(`${R}.answered`, {
      share,
      answered: rollup.queriesAnswered,
      queries: rollup.datasetQueries,
    }),
  ].filter(Boolean);
  const status = rollup.stale && rollup.status === 'ready' ? 'stale' : rollup.status;
  return (
    <ListItem
      divider
      secondaryAction={
        <Stack direction="row" spacing={0.5}>
          <IconButton
            aria-label={translate(`${R}.refresh`, { name: rollup.name })}
            onClick={onRefresh}
          >
            <RefreshIcon />
          </IconButton>
          <IconButton
            edge="end"
            aria-label={translate(`${R}.remove`, { name: rollup.name })}
            onClick={onRemove}
          >
            <DeleteIcon />
          </IconButton>
        </Stack>
      }
      sx={{ pr: 12 }}
    >
      <ListItemText
        primary={
          <Box
            component="span"
            sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}
          >
            <span>{rollup.name}</span>
            <Chip
              size="small"
              color={STATUS_COLOURS[status]}
              label={translate(`${R}.status.${status}`)}
            />
          </Box>
        }
        secondary={
          <>
            <Box component="span" sx={{ display: 'block' }}>
              {describeShape(rollup, translate)}
            </Box>
            <Box component="span" sx={{ display: 'block' }}>
              {facts.join(' · ')}
            </Box>
            {status === 'stale' && (
              <Box component="span" sx={{ display: 'block', color: 'warning.main' }}>
                {translate(`${R}.staleText`)}
              </Box>
            )}
            {rollup.error && (
              <Box component="span" sx={{ display: 'block', color: 'error.main' }}>
                {rollup.error}
              </Box>
            )}
          </>
        }
      />
    </ListItem>
  );
}

/** Measures an editor may keep of each field: sums and averages of numbers only. */
function measureChoices(dataset: Dataset): RollupMeasure[] {
  return dataset.fields.flatMap((field): RollupMeasure[] => {
    const aggs: RollupMeasure['agg'][] =
      field.type === 'number' ? ['sum', 'avg', 'min', 'max', 'count'] : ['count', 'min', 'max'];
    return field.role === 'measure' ? aggs.map((agg) => ({ agg, field: field.name })) : [];
  });
}

const measureKey = (measure: RollupMeasure) => `${measure.agg}:${measure.field}`;

function NewRollup({ dataset, onAdded }: { dataset: Dataset; onAdded: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const [name, setName] = useState('');
  const [dimensions, setDimensions] = useState<string[]>([]);
  const [timeField, setTimeField] = useState('');
  const [grain, setGrain] = useState<TimeGrain | ''>('');
  const [measures, setMeasures] = useState<string[]>([]);
  const [touched, setTouched] = useState(false);
  const choices = measureChoices(dataset);
  const dateFields = dataset.fields.filter((field) => field.type === 'date');
  const grainMissing = Boolean(timeField) && !grain;
  const add = useMutation({
    mutationFn: () =>
      createRollup(dataset.id, {
        name: name.trim(),
        dimensions,
        timeField: timeField || null,
        grain: timeField && grain ? grain : null,
        measures: choices.filter((measure) => measures.includes(measureKey(measure))),
      }),
    onSuccess: () => {
      setName('');
      setDimensions([]);
      setTimeField('');
      setGrain('');
      setMeasures([]);
      setTouched(false);
      notify(`${R}.added`, { type: 'info' });
      onAdded();
    },
    onError: (error: Error) => notify(error.message, { type: 'error' }),
  });
  const submit = () => {
    setTouched(true);
    if (name.trim() && !grainMissing) add.mutate();
  };
  const wide = { width: { xs: '100%', sm: 240 } };
  return (
    <Box
      component="form"
      noValidate
      aria-label={translate(`${R}.declare`)}
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start', mt: 2 }}
    >
      <TextField
        size="small"
        label={translate(`${R}.name`)}
        value={name}
        onChange={(event) => setName(event.target.value)}
        error={touched && !name.trim()}
        helperText={touched && !name.trim() ? translate(`${R}.required`) : ' '}
        sx={wide}
      />
      <TextField
        select
        size="small"
        label={translate(`${R}.dimensions`)}
        value={dimensions}
        onChange={(event) => setDimensions(event.target.value as unknown as string[])}
        slotProps={{ select: { multiple: true } }}
        helperText=" "
        sx={wide}
      >
        {dataset.fields
          .filter((field) => field.role !== 'measure' && field.name !== timeField)
          .map((field) => (
            <MenuItem key={field.name} value={field.name}>
              {field.label}
            </MenuItem>
          ))}
      </TextField>
      <TextField
        select
        size="small"
        label={translate(`${R}.timeField`)}
        value={timeField}
        onChange={(event) => setTimeField(event.target.value)}
        helperText=" "
        sx={wide}
      >
        <MenuItem value="">{translate(`${R}.noTime`)}</MenuItem>
        {dateFields.map((field) => (
          <MenuItem key={field.name} value={field.name}>
            {field.label}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label={translate(`${R}.grain`)}
        value={grain}
        disabled={!timeField}
        onChange={(event) => setGrain(event.target.value as TimeGrain)}
        error={touched && grainMissing}
        helperText={touched && grainMissing ? translate(`${R}.grainRequired`) : ' '}
        sx={wide}
      >
        {TIME_GRAINS.map((option) => (
          <MenuItem key={option} value={option}>
            {translate(`${R}.grains.${option}`)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label={translate(`${R}.measures`)}
        value={measures}
        onChange={(event) => setMeasures(event.target.value as unknown as string[])}
        slotProps={{ select: { multiple: true } }}
        helperText={translate(`${R}.measuresHint`)}
        sx={wide}
      >
        {choices.map((measure) => (
          <MenuItem key={measureKey(measure)} value={measureKey(measure)}>
            {`${measure.agg}(${measure.field})`}
          </MenuItem>
        ))}
      </TextField>
      <Button type="submit" variant="outlined" disabled={add.isPending}>
        {translate(`${R}.add`)}
      </Button>
    </Box>
  );
}

function Proposals({ dataset, onAccepted }: { dataset: Dataset; onAccepted: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const [asked, setAsked] = useState(false);
  const proposals = useQuery({
    queryKey: ['datasetRollupProposals', dataset.id],
    queryFn: ({ signal }) => proposeRollups(dataset.id, signal),
    enabled: asked,
    retry: false,
  });
  const accept = useMutation({
    mutationFn: (proposal: RollupProposal) =>
      createRollup(dataset.id, { name: proposal.name, ...proposal.shape }),
    onSuccess: () => {
      notify(`${R}.added`, { type: 'info' });
      onAccepted();
    },
    onError: (error: Error) => notify(error.message, { type: 'error' }),
  });
  if (!asked) {
    return (
      <Button sx={{ mt: 1 }} onClick={() => setAsked(true)}>
        {translate(`${R}.propose`)}
      </Button>
    );
  }
  if (proposals.error) return <Alert severity="error">{proposals.error.message}</Alert>;
  if (!proposals.data) {
    return <Typography variant="body2">{translate(`${R}.proposing`)}</Typography>;
  }
  if (proposals.data.length === 0)
    return <Alert severity="info">{translate(`${R}.noProposal`)}</Alert>;
  return (
    <List dense aria-label={translate(`${R}.proposals`)}>
      {proposals.data.map((proposal) => (
        <ListItem key={proposal.name} divider sx={{ flexWrap: 'wrap', gap: 1 }}>
          <ListItemText
            primary={proposal.name}
            secondary={
              <>
                <Box component="span" sx={{ display: 'block' }}>
                  {describeShape(proposal.shape, translate)}
                </Box>
                <Box component="span" sx={{ display: 'block' }}>
                  {translate(`${R}.serves`, {
                    charts: proposal.charts.map((chart) => chart.name).join(', '),
                  })}
                  {' · '}
                  {proposal.estimatedRows === null
                    ? translate(`${R}.sizeUnknown`)
                    : translate(`${R}.rows`, { count: proposal.estimatedRows.toLocaleString() })}
                </Box>
              </>
            }
          />
          <Button
            variant="outlined"
            disabled={accept.isPending}
            onClick={() => accept.mutate(proposal)}
          >
            {translate(`${R}.accept`)}
          </Button>
        </ListItem>
      ))}
    </List>
  );
}

/** The rollups of a saved dataset, the one proposed, and a form to declare one. */
export function DatasetRollups({ dataset }: { dataset: Dataset }) {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const queryKey = ['datasetRollups', dataset.id];
  const rollups = useQuery({
    queryKey,
    queryFn: ({ signal }) => listRollups(dataset.id, signal),
    retry: false,
    // A build runs as a job: look again while one is under way.
    refetchInterval: (query) =>
      query.state.data?.some(
        (rollup) => rollup.status === 'pending' || rollup.status === 'building',
      )
        ? 2_000
        : false,
  });
  const [removing, setRemoving] = useState<RollupRecord | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey });
  const refreshOne = useMutation({
    mutationFn: (rollup: RollupRecord) => refreshRollup(dataset.id, rollup.id),
    onSuccess: () => {
      notify(`${R}.refreshQueued`, { type: 'info' });
      void refresh();
    },
    onError: (error: Error) => notify(error.message, { type: 'error' }),
  });
  const remove = useMutation({
    mutationFn: (rollup: RollupRecord) => deleteRollup(dataset.id, rollup.id),
    onSuccess: () => {
      notify(`${R}.removed`, { type: 'info' });
      void refresh();
    },
    onError: (error: Error) => notify(error.message, { type: 'error' }),
    onSettled: () => setRemoving(null),
  });

  let body;
  if (rollups.error) body = <Alert severity="error">{rollups.error.message}</Alert>;
  else if (!rollups.data)
    body = <Typography variant="body2">{translate(`${R}.loading`)}</Typography>;
  else if (rollups.data.length === 0)
    body = <Alert severity="info">{translate(`${R}.none`)}</Alert>;
  else
    body = (
      <List dense disablePadding>
        {rollups.data.map((rollup) => (
          <RollupLine
            key={rollup.id}
            rollup={rollup}
            onRefresh={() => refreshOne.mutate(rollup)}
            onRemove={() => setRemoving(rollup)}
          />
        ))}
      </List>
    );

  return (
    <Box component="section" sx={{ mt: 3 }} aria-label={translate(`${R}.title`)}>
      <Typography variant="h6" component="h2">
        {translate(`${R}.title`)}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {translate(`${R}.explain`)}
      </Typography>
      {body}
      <Proposals dataset={dataset} onAccepted={() => void refresh()} />
      <NewRollup dataset={dataset} onAdded={() => void refresh()} />
      <Confirm
        isOpen={removing !== null}
        loading={remove.isPending}
        title={`${R}.confirmTitle`}
        content={`${R}.confirmText`}
        translateOptions={{ name: removing?.name ?? '' }}
        onConfirm={() => removing && remove.mutate(removing)}
        onClose={() => setRemoving(null)}
      />
    </Box>
  );
}
