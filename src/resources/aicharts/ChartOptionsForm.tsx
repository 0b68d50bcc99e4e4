import { MenuItem, Stack, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import {
  LEGEND_POSITIONS,
  MAP_REGION_SETS,
  type ChartOptions,
  type ChartType,
  type DateFormat,
  type MapRegionSet,
} from '../../../common/charts';

const NUMBER_FORMATS = ['number', 'integer', 'percent', 'compact', 'currency:USD', 'currency:EUR'];
const DATE_FORMATS = ['date', 'datetime', 'month', 'quarter', 'year'];
/** A region map's regions: 'auto' (the set the values name more of) is no option at all. */
const MAP_REGION_CHOICES = ['auto', ...MAP_REGION_SETS];

function ChoiceField({
  label,
  value,
  choices,
  labelOf,
  onChange,
}: {
  label: string;
  value: string;
  choices: readonly string[];
  labelOf: (choice: string) => string;
  onChange: (value: string) => void;
}) {
  return (
    <TextField
      fullWidth={false}
      select
      size="small"
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      sx={{ minWidth: 160 }}
    >
      {choices.map((choice) => (
        <MenuItem key={choice} value={choice}>
          {labelOf(choice)}
        </MenuItem>
      ))}
    </TextField>
  );
}

/**
 * Title, axis labels, number and date formats, legend position, a region map's regions and the
 * two brand colours.
 */
export function ChartOptionsForm({
  title,
  options,
  chartType,
  brandColors,
  onTitle,
  onOptions,
}: {
  title: string;
  options: ChartOptions;
  chartType?: ChartType;
  brandColors: string[];
  onTitle: (title: string) => void;
  onOptions: (options: Partial<ChartOptions>) => void;
}) {
  const translate = useTranslate();
  const t = (key: string) => translate(`charts.builder.${key}`);
  const colors = options.colors ?? brandColors;
  const setColor = (index: number, color: string) => {
    const next = [...colors];
    next[index] = color;
    onOptions({ colors: next });
  };
  return (
    <Stack spacing={1.5}>
      <TextField
        size="small"
        label={t('title')}
        value={title}
        onChange={(e) => onTitle(e.target.value)}
      />
      <Stack direction="row" spacing={1}>
        <TextField
          fullWidth={false}
          size="small"
          label={t('xLabel')}
          value={options.xLabel ?? ''}
          onChange={(e) => onOptions({ xLabel: e.target.value || undefined })}
        />
        <TextField
          fullWidth={false}
          size="small"
          label={t('yLabel')}
          value={options.yLabel ?? ''}
          onChange={(e) => onOptions({ yLabel: e.target.value || undefined })}
        />
      </Stack>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <ChoiceField
          label={t('numberFormat')}
          value={options.numberFormat ?? 'number'}
          choices={NUMBER_FORMATS}
          labelOf={(choice) => t(`numberFormats.${choice}`)}
          onChange={(numberFormat) => onOptions({ numberFormat })}
        />
        <ChoiceField
          label={t('dateFormat')}
          value={options.dateFormat ?? 'date'}
          choices={DATE_FORMATS}
          labelOf={(choice) => t(`dateFormats.${choice}`)}
          onChange={(dateFormat) => onOptions({ dateFormat: dateFormat as DateFormat })}
        />
        <ChoiceField
          label={t('legend')}
          value={options.legend ?? 'bottom'}
          choices={LEGEND_POSITIONS}
          labelOf={(choice) => t(`legends.${choice}`)}
          onChange={(legend) => onOptions({ legend: legend as ChartOptions['legend'] })}
        />
        {chartType === 'regionMap' && (
          <ChoiceField
            label={t('mapRegions')}
            value={options.mapRegions ?? 'auto'}
            choices={MAP_REGION_CHOICES}
            labelOf={(choice) => t(`mapRegionSets.${choice}`)}
            onChange={(choice) =>
              onOptions({ mapRegions: choice === 'auto' ? undefined : (choice as MapRegionSet) })
            }
          />
        )}
      </Stack>
      <Stack direction="row" spacing={1}>
        {(['primaryColor', 'secondaryColor'] as const).map((key, index) => (
          <TextField
            fullWidth={false}
            key={key}
            size="small"
            type="color"
            label={t(key)}
            value={colors[index] ?? '#1976d2'}
            onChange={(e) => setColor(index, e.target.value)}
            sx={{ width: 140 }}
          />
        ))}
      </Stack>
    </Stack>
  );
}
