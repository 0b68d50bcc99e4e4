import { describe, expect, it } from 'vitest';
import { buildChart } from '../../../../src/ui/charts/options';
import { geographies } from '../../../../src/ui/charts/maps/geographies';
import {
  clusterPoints,
  coordinateColumns,
  coreExtent,
} from '../../../../src/ui/charts/options/pointMap';
import type { ChartSeriesTooltip } from '../../support/mapReaders';
import { result, spec, theme } from '../../support/chartFixtures';

// Region and point maps: which regions the rows colour, the colour scale's side, tooltips,
// clicks, and the clusters of a point map.

const shipped = { geographies: geographies() };
const texts = { points: (count: number) => `${count} points` };

const byState = result(
  [
    ['state', 'string'],
    ['count', 'number'],
  ],
  [
    ['CA', 30],
    ['Texas', 20],
    ['ny', 10],
    ['Narnia', 5],
  ],
);
const counting = (field: string) => ({
  dimensions: [{ field }],
  measures: [{ field: '*', agg: 'count' as const }],
});
const stateSpec = spec('regionMap', counting('state'));

describe('region maps', () => {
  it('colours the US states the rows name, by the measure, on the US map', () => {
    const built = buildChart(stateSpec, byState, theme, undefined, shipped);
    const [series] = built.option.series;
    expect(series).toMatchObject({ type: 'map', map: 'brandboard-us-states', roam: true });
    expect(series.data).toEqual([
      { name: 'California', value: 30, label: 'CA' },
      { name: 'Texas', value: 20, label: 'Texas' },
      { name: 'New York', value: 10, label: 'ny' },
    ]);
    expect(built.maps?.map((map) => map.name)).toEqual(['brandboard-us-states']);
    expect(built.unplaced).toEqual(['Narnia']);
    expect(built.option.visualMap).toMatchObject({ min: 10, max: 30, left: 8, bottom: 8 });
  });

  it('draws the countries when the values are countries, or when the chart says so', () => {
    const byCountry = result(
      [
        ['country', 'string'],
        ['count', 'number'],
      ],
      [
        ['FRA', 67],
        ['Germany', 83],
      ],
    );
    const countrySpec = spec('regionMap', counting('country'));
    const built = buildChart(countrySpec, byCountry, theme, undefined, shipped);
    expect(built.option.series[0]).toMatchObject({ map: 'brandboard-countries' });
    const forced = buildChart(
      spec('regionMap', counting('state'), {}, { mapRegions: 'countries' }),
      byState,
      theme,
      undefined,
      shipped,
    );
    expect(forced.option.series[0]).toMatchObject({ map: 'brandboard-countries' });
  });

  it('puts the colour scale on the right in a right-to-left page', () => {
    const built = buildChart(stateSpec, byState, { ...theme, rtl: true }, undefined, shipped);
    expect(built.option.visualMap).toMatchObject({ right: 8, bottom: 8 });
    expect(built.option.visualMap).not.toHaveProperty('left');
  });

  it('greys regions without data, darker in dark mode', () => {
    const light = buildChart(stateSpec, byState, theme, undefined, shipped);
    const dark = buildChart(stateSpec, byState, { ...theme, dark: true }, undefined, shipped);
    const areaOf = (built: typeof light) =>
      (built.option.series[0].itemStyle as { areaColor: string }).areaColor;
    expect(areaOf(light)).toBe('#e8e8e8');
    expect(areaOf(dark)).toBe('#3a3a3a');
  });

  it('shows the value as the data names it in the tooltip, escaped', () => {
    const built = buildChart(
      spec('regionMap', counting('state'), {}, { mapRegions: 'usStates' }),
      byState,
      theme,
      undefined,
      shipped,
    );
    const formatter = (built.option.tooltip as ChartSeriesTooltip).formatter;
    expect(formatter({ name: 'California', data: { label: 'CA', value: 3 } })).toBe('CA: 3');
    expect(formatter({ name: 'Oregon' })).toBe('Oregon');
    expect(formatter({ name: 'X', data: { label: '<b>', value: 1 } })).toBe('&lt;b&gt;: 1');
  });

  it('selects the clicked region’s value as the data holds it, nothing for a region without data', () => {
    const built = buildChart(stateSpec, byState, theme, undefined, shipped);
    expect(built.selectionAt(0, 2)).toEqual({ field: 'state', value: 'ny' });
    expect(built.selectionAt(0, -1)).toBeNull();
  });

  it('draws nothing and lists the values when none is a region, and waits for the boundaries', () => {
    const colours = result(
      [
        ['colour', 'string'],
        ['count', 'number'],
      ],
      [['red', 1]],
    );
    const none = buildChart(
      spec('regionMap', counting('colour')),
      colours,
      theme,
      undefined,
      shipped,
    );
    expect(none.option.series).toEqual([]);
    expect(none.unplaced).toEqual(['red']);
    expect(buildChart(stateSpec, byState, theme).option.series).toEqual([]);
  });
});

const airports = result(
  [
    ['latitude', 'number'],
    ['longitude', 'number'],
    ['count', 'number'],
  ],
  [
    [47.45, -122.31, 1],
    [47.5, -122.3, 1],
    [47.55, -122.25, 2],
    [25.79, -80.29, 1],
    [null, -80, 1],
  ],
);
const pointSpec = spec('pointMap', {
  dimensions: [{ field: 'latitude' }, { field: 'longitude' }],
  measures: [{ field: '*', agg: 'count' }],
});

describe('point maps', () => {
  it('gathers near points into a cluster over the countries, a far point alone', () => {
    const built = buildChart(pointSpec, airports, theme, undefined, { ...shipped, texts });
    expect(built.option.geo).toMatchObject({ map: 'brandboard-countries', roam: true });
    const [series] = built.option.series;
    expect(series).toMatchObject({ type: 'scatter', coordinateSystem: 'geo' });
    const points = series.data as number[][];
    expect(points).toHaveLength(2);
    const cluster = points.find((point) => point[2] === 3)!;
    expect(cluster[0]).toBeCloseTo(-122.2867, 3);
    expect(cluster[1]).toBeCloseTo(47.5, 3);
    expect(points.find((point) => point[2] === 1)).toEqual([-80.29, 25.79, 1]);
    expect(built.unplaced).toEqual(['null, -80']);
  });

  it('says how many points a cluster holds, and where a point alone is', () => {
    const built = buildChart(pointSpec, airports, theme, undefined, { ...shipped, texts });
    const points = built.option.series[0].data as number[][];
    const clusterIndex = points.findIndex((point) => point[2] === 3);
    const formatter = (built.option.tooltip as { formatter: (p: object) => string }).formatter;
    expect(formatter({ dataIndex: clusterIndex })).toBe('3 points<br/>count: 4');
    expect(formatter({ dataIndex: 1 - clusterIndex })).toBe(
      'latitude: 25.79, longitude: -80.29<br/>count: 1',
    );
  });

  it('selects a point alone by its place, never a cluster', () => {
    const built = buildChart(pointSpec, airports, theme, undefined, { ...shipped, texts });
    const points = built.option.series[0].data as number[][];
    const single = points.findIndex((point) => point[2] === 1);
    expect(built.selectionAt(0, single)).toEqual({
      field: 'latitude',
      value: 25.79,
      also: [{ field: 'longitude', value: -80.29 }],
    });
    expect(built.selectionAt(0, 1 - single)).toBeNull();
  });

  it('finds latitude and longitude by their names, else the first two numbers', () => {
    const column = (name: string, index: number, type = 'number') => ({ name, index, type });
    expect(coordinateColumns([column('lng', 0), column('lat', 1)])).toEqual({
      latitude: column('lat', 1),
      longitude: column('lng', 0),
    });
    expect(coordinateColumns([column('y', 0), column('x', 1)])).toEqual({
      latitude: column('y', 0),
      longitude: column('x', 1),
    });
    expect(coordinateColumns([column('city', 0, 'string')])).toBeNull();
  });

  it('sets the view by most of the points, not the few far away', () => {
    const mainland = Array.from({ length: 98 }, (_, row) => ({
      lon: -120 + (row % 50),
      lat: 30 + (row % 15),
      weight: 1,
      row,
    }));
    const far = [
      { lon: 144.8, lat: 13.4, weight: 1, row: 98 },
      { lon: -170.7, lat: -14.3, weight: 1, row: 99 },
    ];
    expect(coreExtent([...mainland, ...far])).toEqual({
      west: -120,
      east: -72,
      south: 30,
      north: 44,
    });
    expect(coreExtent(far)).toEqual({ west: -170.7, east: 144.8, south: -14.3, north: 13.4 });
  });

  it('clusters by grid cells, each at its points’ mean', () => {
    const clusters = clusterPoints(
      [
        { lon: 0.1, lat: 0.1, weight: 1, row: 0 },
        { lon: 0.3, lat: 0.5, weight: 2, row: 1 },
        { lon: 1.5, lat: 0.5, weight: 1, row: 2 },
      ],
      1,
    );
    expect(clusters).toEqual([
      { lon: 0.2, lat: 0.3, weight: 3, rows: [0, 1] },
      { lon: 1.5, lat: 0.5, weight: 1, rows: [2] },
    ]);
  });
});
