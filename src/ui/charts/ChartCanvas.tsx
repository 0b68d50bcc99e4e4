import { Box } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { useTranslate } from 'react-admin';
import type { EChartsType } from 'echarts/core';
import type { BuiltChart, ChartSelection } from './options/types';
import type React from 'react';

// The ECharts canvas of a chart: initialised once, updated with each new option, resized
// with its container, disposed on unmount. ECharts is loaded on first use.

let echartsModule: Promise<typeof import('./echarts')> | null = null;
let loadedECharts: typeof import('./echarts') | null = null;
const loadECharts = () =>
  (echartsModule ??= import('./echarts').then((module) => (loadedECharts = module)));

let canvasSupport: boolean | null = null;
/** Whether this browser can draw on a 2D canvas (a locked-down or headless one may not). */
function canDrawCanvas(): boolean {
  canvasSupport ??= Boolean(document.createElement('canvas').getContext?.('2d'));
  return canvasSupport;
}

interface ChartCanvasProps {
  built: BuiltChart;
  height: number | string;
  onSelect?: (selection: ChartSelection) => void;
  onInstance?: (instance: EChartsType | null) => void;
}

interface ClickParams {
  seriesIndex?: number;
  dataIndex?: number;
  event?: { event?: unknown };
}

/** Where a click or a tap was, in client coordinates (a touch event has none of its own). */
function pointerOf(event: unknown): { left: number; top: number } | undefined {
  const point = event as {
    clientX?: unknown;
    clientY?: unknown;
    changedTouches?: ArrayLike<Touch>;
  };
  const touch = point.changedTouches?.[0];
  const x = touch?.clientX ?? point.clientX;
  const y = touch?.clientY ?? point.clientY;
  return typeof x === 'number' && typeof y === 'number' ? { left: x, top: y } : undefined;
}

/** How many values the first series holds: what the arrow keys move through. */
function pointCount(built: BuiltChart): number {
  return built.option.series[0]?.data.length ?? 0;
}

const STEP_KEYS: Record<string, number> = {
  ArrowRight: 1,
  ArrowDown: 1,
  ArrowLeft: -1,
  ArrowUp: -1,
};

export function ChartCanvas({ built, height, onSelect, onInstance }: ChartCanvasProps) {
  const translate = useTranslate();
  const container = useRef<HTMLDivElement>(null);
  const [instance, setInstance] = useState<EChartsType | null>(null);
  const [drawn, setDrawn] = useState(false);
  const [supported] = useState(canDrawCanvas);
  const optionSet = useRef(false);
  const latest = useRef({ built, onSelect });
  latest.current = { built, onSelect };

  useEffect(() => {
    let disposed = false;
    let chart: EChartsType | null = null;
    let observer: ResizeObserver | null = null;
    if (!supported) return;
    void loadECharts().then(({ init }) => {
      if (disposed || !container.current) return;
      chart = init(container.current, undefined, { renderer: 'canvas' });
      // An empty chart also "finishes" right after init: only a drawn option counts.
      chart.on('finished', () => {
        if (optionSet.current) setDrawn(true);
      });
      chart.on('click', (params: ClickParams) => {
        const { built: current, onSelect: select } = latest.current;
        if (!select || params.seriesIndex === undefined || params.dataIndex === undefined) return;
        const selection = current.selectionAt(params.seriesIndex, params.dataIndex);
        const anchor = params.event?.event ? pointerOf(params.event.event) : undefined;
        if (selection) select({ ...selection, ...(anchor ? { anchor } : {}) });
      });
      observer = new ResizeObserver(() => chart?.resize());
      observer.observe(container.current);
      setInstance(chart);
    });
    return () => {
      disposed = true;
      observer?.disconnect();
      chart?.dispose();
      setInstance(null);
    };
  }, [supported]);

  useEffect(() => {
    onInstance?.(instance);
  }, [instance, onInstance]);

  useEffect(() => {
    if (!instance) return;
    setDrawn(false);
    // A chart appears at once; only later changes of its data animate (a dashboard of a
    // dozen charts growing in together costs every one of them a few hundred ms of frames).
    const option = optionSet.current ? built.option : { ...built.option, animation: false };
    optionSet.current = true;
    // the instance exists only once ECharts is loaded: its map registry is at hand
    if (built.maps) loadedECharts?.registerMaps(built.maps);
    instance.setOption(option, { notMerge: true, lazyUpdate: false });
  }, [instance, built]);

  // The keyboard's way to a value: arrows move through the first series (its tooltip shows
  // which), Enter or Space picks it as a click would.
  const focused = useRef(-1);
  useEffect(() => {
    // New values (a drill, new filters): the arrows start again from the first.
    focused.current = -1;
  }, [built]);
  const onKeyDown = (event: React.KeyboardEvent<HTMLDivElement>) => {
    const count = pointCount(built);
    if (!instance || !onSelect || count === 0) return;
    const step = STEP_KEYS[event.key];
    if (step !== undefined) {
      event.preventDefault();
      const next = focused.current < 0 ? 0 : (focused.current + step + count) % count;
      focused.current = next;
      instance.dispatchAction({ type: 'showTip', seriesIndex: 0, dataIndex: next });
      instance.dispatchAction({ type: 'downplay', seriesIndex: 0 });
      instance.dispatchAction({ type: 'highlight', seriesIndex: 0, dataIndex: next });
    } else if ((event.key === 'Enter' || event.key === ' ') && focused.current >= 0) {
      event.preventDefault();
      const selection = built.selectionAt(0, focused.current);
      const box = event.currentTarget.getBoundingClientRect();
      const anchor = { left: box.left + box.width / 2, top: box.top + box.height / 2 };
      if (selection) onSelect({ ...selection, anchor });
    }
  };

  if (!supported) {
    return (
      <Box data-chart-state="error" role="alert" sx={{ p: 2, color: 'text.secondary', height }}>
        {translate('chartView.noCanvas')}
      </Box>
    );
  }
  return (
    <Box
      ref={container}
      // axes and numbers read left to right in a right-to-left page too
      dir="ltr"
      data-chart-state={drawn ? 'drawn' : 'drawing'}
      {...(onSelect
        ? {
            tabIndex: 0,
            role: 'group',
            'aria-label': translate('chartView.pickValue'),
            onKeyDown,
          }
        : {})}
      sx={{
        width: '100%',
        height,
        minHeight: 120,
        cursor: onSelect ? 'pointer' : undefined,
        '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: 2 },
      }}
    />
  );
}
