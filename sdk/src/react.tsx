import { createElement, useEffect, useRef } from 'react';
import {
  defineBrandboardDashboard,
  type BrandboardDashboardElement,
  type ChartClick,
  type FilterValue,
} from './index.js';

// <BrandboardDashboard baseUrl token filters onLoaded onFiltersChanged onChartClicked />: the
// web component for React pages. `filters` are set whenever they change.

export interface BrandboardDashboardProps {
  baseUrl: string;
  token: string;
  filters?: FilterValue[];
  title?: string;
  onLoaded?: () => void;
  onFiltersChanged?: (filters: FilterValue[]) => void;
  onChartClicked?: (chart: ChartClick) => void;
}

export function BrandboardDashboard(props: BrandboardDashboardProps) {
  const ref = useRef<BrandboardDashboardElement>(null);
  const handlers = useRef(props);
  handlers.current = props;
  useEffect(() => {
    defineBrandboardDashboard();
    const element = ref.current;
    if (!element) return;
    const on = (type: string, call: (detail: never) => void) => {
      const listener = (event: Event) => call((event as CustomEvent).detail as never);
      element.addEventListener(type, listener);
      return () => element.removeEventListener(type, listener);
    };
    const offs = [
      on('brandboard-loaded', () => handlers.current.onLoaded?.()),
      on('brandboard-filters-changed', (f: FilterValue[]) =>
        handlers.current.onFiltersChanged?.(f),
      ),
      on('brandboard-chart-clicked', (c: ChartClick) => handlers.current.onChartClicked?.(c)),
    ];
    return () => offs.forEach((off) => off());
  }, []);
  useEffect(() => {
    if (props.filters) ref.current?.setFilters(props.filters);
  }, [props.filters]);
  return createElement('brandboard-dashboard', {
    ref,
    'base-url': props.baseUrl,
    token: props.token,
    title: props.title,
  });
}
