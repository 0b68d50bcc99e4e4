import {
  Checkbox,
  FormControlLabel,
  FormGroup,
  Paper,
  Stack,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { useTranslate } from 'react-admin';
import type { DatasetField } from '../../../common/analytics';
import { pivotSettingsOf, type PivotSettings } from '../../../common/pivot';
import type { ChartDraftState } from './useChartDraft';

// The pivot's layout in the builder: each dimension of the draft down (rows) or across
// (columns), and which totals show. Stored in the chart's options (options.pivot).

type Placement = 'rows' | 'columns';

export function PivotLayoutPanel({
  state,
  fields,
}: {
  state: ChartDraftState;
  fields: DatasetField[];
}) {
  const translate = useTranslate();
  const t = (key: string, options?: Record<string, unknown>) =>
    translate(`charts.builder.pivot.${key}`, options);
  const { draft } = state;
  const settings = pivotSettingsOf(draft.options);
  const dimensions = [...draft.dimensions, ...(draft.series ? [draft.series] : [])];
  const names = dimensions
    .map((dimension) => dimension.field)
    .filter((name, index, all) => all.indexOf(name) === index);
  const labelOf = (name: string) => fields.find((field) => field.name === name)?.label || name;
  const save = (changes: Partial<PivotSettings>) => {
    const next = { ...settings, ...changes };
    // Only dimensions still in the draft stay across.
    state.setOptions({
      pivot: { ...next, columns: next.columns.filter((c) => names.includes(c)) },
    });
  };
  const place = (name: string, placement: Placement) =>
    save({
      columns:
        placement === 'columns'
          ? [...settings.columns.filter((column) => column !== name), name]
          : settings.columns.filter((column) => column !== name),
    });
  const toggles: Array<[keyof PivotSettings, string]> = [
    ['totals', t('totals')],
    ['subtotals', t('subtotals')],
    ['colorScale', t('colorScale')],
  ];
  return (
    <Paper variant="outlined" component="section" aria-label={t('title')} sx={{ p: 1.5, mb: 1.5 }}>
      <Typography variant="subtitle2" gutterBottom>
        {t('title')}
      </Typography>
      {names.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t('hint')}
        </Typography>
      ) : (
        <Stack spacing={1}>
          {names.map((name) => {
            const label = labelOf(name);
            return (
              <Stack
                key={name}
                direction="row"
                spacing={1}
                sx={{ alignItems: 'center', justifyContent: 'space-between' }}
              >
                <Typography variant="body2" component="span">
                  <bdi>{label}</bdi>
                </Typography>
                <ToggleButtonGroup
                  exclusive
                  size="small"
                  value={settings.columns.includes(name) ? 'columns' : 'rows'}
                  aria-label={t('placement', { field: label })}
                  onChange={(_event, placement: Placement | null) =>
                    placement && place(name, placement)
                  }
                >
                  <ToggleButton value="rows">{t('rows')}</ToggleButton>
                  <ToggleButton value="columns">{t('columns')}</ToggleButton>
                </ToggleButtonGroup>
              </Stack>
            );
          })}
        </Stack>
      )}
      <FormGroup row sx={{ mt: 1 }}>
        {toggles.map(([key, label]) => (
          <FormControlLabel
            key={key}
            label={label}
            control={
              <Checkbox
                size="small"
                checked={settings[key] as boolean}
                onChange={(event) => save({ [key]: event.target.checked })}
              />
            }
          />
        ))}
      </FormGroup>
    </Paper>
  );
}
