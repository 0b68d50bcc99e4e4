import { createElement, useEffect, useRef } from 'react';
import {
  defineBrandboardChart,
  defineBrandboardDashboard,
  type BrandboardChartElement,
  type BrandboardDashboardElement,
  type ChartClick,
  type FilterValue,
} from './index.js';
import { useElementEvents } from './useElementEvents.js';

// The web components for React pages:
// <BrandboardDashboard baseUrl token filters onLoaded onFiltersChanged onChartClicked />, whose
// `filters` are set whenever they change, and <BrandboardChart baseUrl token onLoaded
// onChartClicked /> for one chart (a token signed with `chartId`).

interface EmbedProps {
  baseUrl: string;
  token: string;
  title?: string;
  onLoaded?: () => void;
  onChartClicked?: (chart: ChartClick) => void;
}

export interface BrandboardDashboardProps extends EmbedProps {
  filters?: FilterValue[];
  onFiltersChanged?: (filters: FilterValue[]) => void;
}

export type BrandboardChartProps = EmbedProps;

/** The element's attributes of the props every embed takes. */
const attributesOf = ({ baseUrl, token, title }: EmbedProps) => ({
  'base-url': baseUrl,
  token,
  title,
});

export function BrandboardDashboard(props: BrandboardDashboardProps) {
  const ref = useRef<BrandboardDashboardElement>(null);
  useEffect(() => defineBrandboardDashboard(), []);
  useElementEvents(ref, {
    'brandboard-loaded': () => props.onLoaded?.(),
    'brandboard-filters-changed': (filters: FilterValue[]) => props.onFiltersChanged?.(filters),
    'brandboard-chart-clicked': (chart: ChartClick) => props.onChartClicked?.(chart),
  });
  useEffect(() => {
    if (props.filters) ref.current?.setFilters(props.filters);
  }, [props.filters]);
  return createElement('brandboard-dashboard', { ref, ...attributesOf(props) });
}

export function BrandboardChart(props: BrandboardChartProps) {
  const ref = useRef<BrandboardChartElement>(null);
  useEffect(() => defineBrandboardChart(), []);
  useElementEvents(ref, {
    'brandboard-loaded': () => props.onLoaded?.(),
    'brandboard-chart-clicked': (chart: ChartClick) => props.onChartClicked?.(chart),
  });
  return createElement('brandboard-chart', { ref, ...attributesOf(props) });
}
