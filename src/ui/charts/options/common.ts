import type { ChartSpec, LegendPosition } from '../../../../common/charts';
import type { ChartTheme } from './types';

// The parts every option shares: colours, text, legend, grid and tooltip.

function legendPlacement(position: Exclude<LegendPosition, 'none'>): Record<string, unknown> {
  switch (position) {
    case 'bottom':
      return { bottom: 0, left: 'center', orient: 'horizontal' };
    case 'left':
      return { left: 0, top: 'middle', orient: 'vertical' };
    case 'right':
      return { right: 0, top: 'middle', orient: 'vertical' };
    default:
      return { top: 0, left: 'center', orient: 'horizontal' };
  }
}

/** The legend position: the option's, else top when there is more than one series. */
export function legendPosition(spec: ChartSpec, seriesCount: number): LegendPosition {
  return spec.options?.legend ?? (seriesCount > 1 ? 'top' : 'none');
}

/** Room kept for a legend beside the plot (left or right) and above or below it, in px. */
export const SIDE_LEGEND_ROOM = 120;
const ROW_LEGEND_ROOM = 40;
/** A side legend's names are cut to this width so that marker + name fit SIDE_LEGEND_ROOM. */
const SIDE_LEGEND_TEXT_WIDTH = 80;

const isSide = (position: LegendPosition) => position === 'left' || position === 'right';

/** A legend on one line (scrolling when it is longer) or one column, never over the plot. */
export function legendOption(position: LegendPosition, theme: ChartTheme): Record<string, unknown> {
  if (position === 'none') return { show: false };
  const side = isSide(position);
  return {
    show: true,
    type: 'scroll',
    ...legendPlacement(position),
    ...(side ? {} : { width: '90%' }),
    textStyle: {
      color: theme.textColor,
      ...(side ? { width: SIDE_LEGEND_TEXT_WIDTH, overflow: 'truncate' } : {}),
    },
    // a name cut short is shown whole on hover
    tooltip: { show: side },
    pageTextStyle: { color: theme.textColor },
  };
}

/**
 * The plot's box: room for the legend on its side; axis labels and names are kept inside by
 * ECharts. A pie uses the same box for its circle.
 */
export function gridOption(position: LegendPosition): Record<string, number> {
  return {
    left: position === 'left' ? SIDE_LEGEND_ROOM : 12,
    right: position === 'right' ? SIDE_LEGEND_ROOM : 24,
    top: position === 'top' ? ROW_LEGEND_ROOM : 16,
    bottom: position === 'bottom' ? ROW_LEGEND_ROOM : 12,
  };
}

/** The series colours: the chart's own, else the theme's (brand) palette. */
export function colorsOf(spec: ChartSpec, theme: ChartTheme): string[] {
  const own = spec.options?.colors?.filter((color) => typeof color === 'string' && color !== '');
  return own && own.length > 0 ? own : theme.palette;
}

/** A stable number of a category's name (FNV-1a), so that its colour never depends on order. */
function nameHash(name: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < name.length; i += 1) {
    hash ^= name.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/**
 * Colours of categories (series split by a field, slices, scatter groups) by their names: a
 * category keeps its colour when a filter removes others. Two names that meet on one colour
 * take the next free one, in name order, so distinct categories stay distinct.
 */
export function colorsByName(names: string[], palette: string[]): Map<string, string> {
  const colors = new Map<string, string>();
  const taken = new Set<number>();
  for (const name of [...new Set(names)].sort()) {
    let slot = nameHash(name) % palette.length;
    for (let tries = 0; taken.has(slot) && tries < palette.length; tries += 1) {
      slot = (slot + 1) % palette.length;
    }
    taken.add(slot);
    colors.set(name, palette[slot]);
  }
  return colors;
}

/** Colours, text and animation settings of every chart. */
export function baseOption(spec: ChartSpec, theme: ChartTheme): Record<string, unknown> {
  return {
    color: colorsOf(spec, theme),
    backgroundColor: 'transparent',
    textStyle: { color: theme.textColor },
    animationDuration: 300,
    animationDurationUpdate: 300,
    // Many points: drawing them with animation would only delay the first paint.
    animationThreshold: 2000,
  };
}

const AXIS_LINE_LIGHT = '#c4c4c4';
const AXIS_LINE_DARK = '#5c5c5c';
const SPLIT_LINE_LIGHT = '#ececec';
const SPLIT_LINE_DARK = '#3a3a3a';

/** Axis colours that read on the theme's background. */
export function axisStyle(theme: ChartTheme): Record<string, unknown> {
  return {
    axisLine: { lineStyle: { color: theme.dark ? AXIS_LINE_DARK : AXIS_LINE_LIGHT } },
    axisLabel: { color: theme.textColor, hideOverlap: true },
    splitLine: { lineStyle: { color: theme.dark ? SPLIT_LINE_DARK : SPLIT_LINE_LIGHT } },
    nameTextStyle: { color: theme.textColor },
  };
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Tooltip formatters return HTML: data values and names must not become markup. */
export function escapeHtml(text: unknown): string {
  return String(text).replace(/[&<>"']/g, (char) => HTML_ESCAPES[char]);
}
