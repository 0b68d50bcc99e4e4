import { Box } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import type { EChartsType } from 'echarts/core';
import type { BuiltChart, ChartSelection } from './options/types';

// The ECharts canvas of a chart: initialised once, updated with each new option, resized
// with its container, disposed on unmount. ECharts is loaded on first use.

let echartsModule: Promise<typeof import('./echarts')> | null = null;
const loadECharts = () => (echartsModule ??= import('./echarts'));

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
  const container = useRef<HTMLDivElement>(null);
  const [instance, setInstance] = useState<EChartsType | null>(null);
  const [drawn, setDrawn] = useState(false);
  const optionSet = useRef(false);
  const latest = useRef({ built, onSelect });
  latest.current = { built, onSelect };

  useEffect(() => {
    let disposed = false;
    let chart: EChartsType | null = null;
    let observer: ResizeObserver | null = null;
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
  }, []);

  useEffect(() => {
    onInstance?.(instance);
  }, [instance, onInstance]);

  useEffect(() => {
    if (!instance) return;
    setDrawn(false);
    optionSet.current = true;
    instance.setOption(built.option, { notMerge: true, lazyUpdate: false });
  }, [instance, built]);

  return (
    <Box
      ref={container}
      data-chart-state={drawn ? 'drawn' : 'drawing'}
      sx={{ width: '100%', height, minHeight: 120, cursor: onSelect ? 'pointer' : undefined }}
    />
  );
}
