import type { ChartSpec } from '../../../../common/charts';
import { dateFormatter } from '../format';

// The time axis of line and area charts. Over a short range ECharts would put a tick on every
// few days; a chart of months (by its time grain or its date format) is labelled by month,
// quarter or year instead, one tick per unit at most.

const DAY_MS = 24 * 60 * 60 * 1000;

/** Coarse units, finest first, with the shortest length of each. */
const COARSE_UNITS = [
  { unit: 'month', minMs: 28 * DAY_MS },
  { unit: 'quarter', minMs: 90 * DAY_MS },
  { unit: 'year', minMs: 365 * DAY_MS },
] as const;
type CoarseUnit = (typeof COARSE_UNITS)[number]['unit'];

const rank = (unit: string | undefined) => COARSE_UNITS.findIndex((u) => u.unit === unit);

/** The coarsest of the x field's time grain and the date format, when either is a month or more. */
function coarseUnitOf(spec: ChartSpec, xField: string): CoarseUnit | null {
  const grain = spec.query.dimensions.find((dimension) => dimension.field === xField)?.grain;
  const coarsest = Math.max(rank(grain), rank(spec.options?.dateFormat));
  return coarsest < 0 ? null : COARSE_UNITS[coarsest].unit;
}

/** Tick spacing and labels of the time axis (merged into its axisLabel and axis options). */
export function timeAxisSettings(
  spec: ChartSpec,
  xField: string,
): { minInterval?: number; formatter?: (ms: number) => string } {
  const unit = coarseUnitOf(spec, xField);
  const labelFormat = spec.options?.dateFormat ?? unit ?? undefined;
  const format = labelFormat ? dateFormatter(labelFormat) : null;
  return {
    ...(unit ? { minInterval: COARSE_UNITS[rank(unit)].minMs } : {}),
    ...(format ? { formatter: (ms: number) => format(ms) } : {}),
  };
}
