import { Box, Chip } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { DashboardFilter, DashboardFilterValue, SavedChart } from '../../../common/charts';
import { DateRangeFilterInput } from './DateRangeFilterInput';
import type { CrossFilter } from './tileQueries';
import type { TileRunner } from './tileRunners';
import { ValuesFilterInput } from './ValuesFilterInput';

interface FiltersBarProps {
  filters: DashboardFilter[];
  values: DashboardFilterValue[];
  /** filters whose value a share link froze: shown, not changeable */
  frozenIds: string[];
  charts: Map<number, SavedChart>;
  runner: TileRunner;
  cross: CrossFilter | null;
  onChange: (values: DashboardFilterValue[]) => void;
  onClearCross: () => void;
}

/** The dashboard's filters above the grid, and the chip of the current cross-filter. */
export function FiltersBar(props: FiltersBarProps) {
  const translate = useTranslate();
  const { filters, values, frozenIds, charts, runner, cross, onChange, onClearCross } = props;
  if (filters.length === 0 && !cross) return null;
  const valueOf = (id: string) => values.find((entry) => entry.filterId === id)?.value ?? [];
  const set = (id: string, value: Array<string | number>) =>
    onChange([...values.filter((entry) => entry.filterId !== id), { filterId: id, value }]);

  return (
    <Box
      role="group"
      aria-label={translate('dashboards.filters.title')}
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', mb: 2 }}
    >
      {filters.map((filter) =>
        filter.type === 'dateRange' ? (
          <DateRangeFilterInput
            key={filter.id}
            label={filter.label}
            value={valueOf(filter.id)}
            disabled={frozenIds.includes(filter.id)}
            onChange={(value) => set(filter.id, value)}
          />
        ) : (
          <ValuesFilterInput
            key={filter.id}
            label={filter.label}
            value={valueOf(filter.id).map(String)}
            disabled={frozenIds.includes(filter.id)}
            onChange={(value) => set(filter.id, value)}
            loadOptions={(search, signal) => runner.filterValues(filter, charts, search, signal)}
          />
        ),
      )}
      {cross && (
        <Chip
          color="primary"
          label={translate('dashboards.filters.cross', {
            field: cross.field,
            value: String(cross.value).slice(0, cross.grain ? 10 : undefined),
          })}
          onDelete={onClearCross}
        />
      )}
    </Box>
  );
}
