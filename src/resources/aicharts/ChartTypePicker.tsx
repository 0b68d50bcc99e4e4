import type { ComponentType } from 'react';
import { ToggleButton, ToggleButtonGroup, Tooltip } from '@mui/material';
import AlignHorizontalLeftIcon from '@mui/icons-material/AlignHorizontalLeft';
import AreaChartIcon from '@mui/icons-material/AreaChart';
import BarChartIcon from '@mui/icons-material/BarChart';
import DonutLargeIcon from '@mui/icons-material/DonutLarge';
import EqualizerIcon from '@mui/icons-material/Equalizer';
import GridOnIcon from '@mui/icons-material/GridOn';
import NumbersIcon from '@mui/icons-material/Numbers';
import PivotTableChartIcon from '@mui/icons-material/PivotTableChart';
import PieChartIcon from '@mui/icons-material/PieChart';
import PlaceIcon from '@mui/icons-material/Place';
import PublicIcon from '@mui/icons-material/Public';
import ScatterPlotIcon from '@mui/icons-material/ScatterPlot';
import ShowChartIcon from '@mui/icons-material/ShowChart';
import StackedBarChartIcon from '@mui/icons-material/StackedBarChart';
import TableChartIcon from '@mui/icons-material/TableChart';
import { useTranslate } from 'react-admin';
import { CHART_TYPES, type ChartType } from '../../../common/charts';

export const CHART_TYPE_ICONS: Record<ChartType, ComponentType<{ fontSize?: 'small' }>> = {
  bar: AlignHorizontalLeftIcon,
  column: BarChartIcon,
  stacked: StackedBarChartIcon,
  line: ShowChartIcon,
  area: AreaChartIcon,
  pie: PieChartIcon,
  donut: DonutLargeIcon,
  scatter: ScatterPlotIcon,
  table: TableChartIcon,
  kpi: NumbersIcon,
  heatmap: GridOnIcon,
  histogram: EqualizerIcon,
  pivot: PivotTableChartIcon,
  regionMap: PublicIcon,
  pointMap: PlaceIcon,
};

/** The chart types as icon buttons, one pressed. */
export function ChartTypePicker({
  value,
  onChange,
}: {
  value: ChartType;
  onChange: (type: ChartType) => void;
}) {
  const translate = useTranslate();
  return (
    <ToggleButtonGroup
      exclusive
      size="small"
      value={value}
      aria-label={translate('charts.builder.chartType')}
      onChange={(_event, type: ChartType | null) => type && onChange(type)}
      sx={{ flexWrap: 'wrap' }}
    >
      {CHART_TYPES.map((type) => {
        const Icon = CHART_TYPE_ICONS[type];
        const label = translate(`charts.types.${type}`);
        return (
          <Tooltip key={type} title={label}>
            <ToggleButton value={type} aria-label={label}>
              <Icon fontSize="small" />
            </ToggleButton>
          </Tooltip>
        );
      })}
    </ToggleButtonGroup>
  );
}
