import { Box } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { useTranslate } from 'react-admin';
import type { EChartsType } from 'echarts/core';
import type { BuiltChart, ChartSelection } from './options/types';

// The ECharts canvas of a chart: initialised once, updated with each new option, resized
// with its container, disposed on unmount. ECharts is loaded on first use.

let echartsModule: Promise<typeof import('./echarts')> | null = null;
const loadECharts = () => (echartsModule ??= import('./echarts'));

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
}

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
        if (selection) select(selection);
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
    instance.setOption(option, { notMerge: true, lazyUpdate: false });
  }, [instance, built]);

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
      sx={{ width: '100%', height, minHeight: 120, cursor: onSelect ? 'pointer' : undefined }}
    />
  );
}
