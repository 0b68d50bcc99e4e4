import type { QueryResult } from '../../../../common/analytics';
import type { Annotation } from '../../../../common/api/annotations';
import type { ChartSpec } from '../../../../common/charts';
import { dateMillis } from '../format';
import { distinctValues, resolveEncoding, type ColumnRef } from './columns';
import type { BuiltChart, ChartTheme } from './types';

// Annotations drawn on time charts: a single date as a vertical line (markLine), a range as a
// shaded band (markArea), each with its label in its colour. A time chart is a line, area,
// column, bar or stacked chart whose x is a date field (with a grain, or on a time axis).

type AnnotationMarks = Pick<Annotation, 'startsOn' | 'endsOn' | 'label' | 'colour'>;

const TIME_CHART_TYPES = new Set(['line', 'area', 'column', 'bar', 'stacked']);

/** The x column when the chart is over time; null otherwise. */
export function timeColumnOf(spec: ChartSpec, result: QueryResult): ColumnRef | null {
  if (!TIME_CHART_TYPES.has(spec.type)) return null;
  const { x } = resolveEncoding(spec, result);
  if (!x || x.type !== 'date') return null;
  const grain = spec.query.dimensions.find((dimension) => dimension.field === x.name)?.grain;
  const onTimeAxis = spec.type === 'line' || spec.type === 'area';
  return grain || onTimeAxis ? x : null;
}

/**
 * Where a day falls on the axis: its time, or the slot of the period it is in; `clamp` puts a
 * day before the first period in the first (a range that starts before the chart).
 */
type Locate = (day: string, clamp?: boolean) => number | null;

function categorySlots(result: QueryResult, x: ColumnRef): Locate {
  const starts = distinctValues(result.rows, x.index).map((value, slot) => ({
    slot,
    millis: dateMillis(value),
  }));
  const dated = starts.filter((start): start is { slot: number; millis: number } => {
    return start.millis !== null;
  });
  const first = dated.reduce<(typeof dated)[number] | null>(
    (earliest, start) => (!earliest || start.millis < earliest.millis ? start : earliest),
    null,
  );
  return (day, clamp = false) => {
    const millis = dateMillis(day);
    if (millis === null) return null;
    let best: { slot: number; millis: number } | null = null;
    for (const start of dated) {
      if (start.millis > millis) continue;
      if (!best || start.millis > best.millis) best = start;
    }
    return best?.slot ?? (clamp ? (first?.slot ?? null) : null);
  };
}

function markData(annotations: AnnotationMarks[], locate: Locate, axis: 'xAxis' | 'yAxis') {
  const lines: unknown[] = [];
  const areas: unknown[] = [];
  for (const annotation of annotations) {
    const end = annotation.endsOn === null ? null : locate(annotation.endsOn);
    const start = locate(annotation.startsOn, end !== null);
    if (start === null) continue;
    const label = { formatter: annotation.label, color: annotation.colour };
    if (end === null || annotation.endsOn === null) {
      lines.push({
        name: annotation.label,
        [axis]: start,
        label,
        lineStyle: { color: annotation.colour, type: 'dashed', width: 2 },
      });
    } else {
      areas.push([
        {
          name: annotation.label,
          [axis]: start,
          label,
          itemStyle: { color: annotation.colour, opacity: 0.18 },
        },
        { [axis]: end },
      ]);
    }
  }
  return { lines, areas };
}

/**
 * The chart with its annotations marked on its first series; unchanged when the chart is not
 * over time or has no annotations.
 */
export function withAnnotations(
  built: BuiltChart,
  spec: ChartSpec,
  result: QueryResult,
  annotations: AnnotationMarks[],
  theme: ChartTheme,
): BuiltChart {
  const [first, ...rest] = built.option.series;
  const x = timeColumnOf(spec, result);
  if (!first || !x || annotations.length === 0) return built;
  const onTimeAxis = spec.type === 'line' || spec.type === 'area';
  const locate: Locate = onTimeAxis ? dateMillis : categorySlots(result, x);
  const { lines, areas } = markData(annotations, locate, spec.type === 'bar' ? 'yAxis' : 'xAxis');
  // labels sit on a background of the page's colour so they read on dark and light pages
  const labelBox = { backgroundColor: theme.dark ? '#121212cc' : '#ffffffcc', padding: [2, 4] };
  const marks = {
    ...(lines.length
      ? {
          markLine: {
            symbol: 'none',
            silent: true,
            label: { position: 'insideEndTop', ...labelBox },
            data: lines,
          },
        }
      : {}),
    ...(areas.length
      ? {
          markArea: {
            silent: true,
            label: { position: 'insideTop', ...labelBox },
            data: areas,
          },
        }
      : {}),
  };
  return { ...built, option: { ...built.option, series: [{ ...first, ...marks }, ...rest] } };
}
