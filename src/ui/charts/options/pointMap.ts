import type { QueryResult } from '../../../../common/analytics';
import type { ChartSpec } from '../../../../common/charts';
import type { Geographies } from '../maps/geographies';
import { baseOption, colorsOf, escapeHtml } from './common';
import {
  labelFormatter,
  resolveEncoding,
  selectionValue,
  valueFormatter,
  type ColumnRef,
} from './columns';
import { mapColours } from './regionMap';
import type { BuiltChart, ChartTexts, ChartTheme, ColumnLabeler } from './types';

// pointMap: latitude/longitude points over the countries, gathered into clusters on a grid
// laid over the points' extent; a cluster is drawn at its points' mean, sized by how many it
// holds. A point alone keeps its place and its label.

const LATITUDE = /(^|[^a-z])lat(itude)?([^a-z]|$)/i;
const LONGITUDE = /(^|[^a-z])(lon|lng|long|longitude)([^a-z]|$)/i;
/** Cells of the clustering grid along the longer side of the points' extent. */
const GRID_CELLS = 24;
const POINT_SIZE = 8;
const LARGEST_CLUSTER = 30;

export interface GeoPoint {
  lon: number;
  lat: number;
  weight: number;
  /** the result row it came from */
  row: number;
}

export interface Cluster {
  lon: number;
  lat: number;
  weight: number;
  rows: number[];
}

/** The latitude and longitude columns: named so, else the first two number dimensions. */
export function coordinateColumns(dimensions: ColumnRef[]) {
  const latitude = dimensions.find((column) => LATITUDE.test(column.name));
  const longitude = dimensions.find((column) => LONGITUDE.test(column.name));
  if (latitude && longitude) return { latitude, longitude };
  const numbers = dimensions.filter((column) => column.type === 'number');
  return numbers.length >= 2 ? { latitude: numbers[0], longitude: numbers[1] } : null;
}

/** Points gathered by grid cells of `cell` degrees, each cluster at its points' mean. */
export function clusterPoints(points: GeoPoint[], cell: number): Cluster[] {
  const cells = new Map<string, GeoPoint[]>();
  for (const point of points) {
    const key = `${Math.floor(point.lon / cell)}:${Math.floor(point.lat / cell)}`;
    const members = cells.get(key);
    if (members) members.push(point);
    else cells.set(key, [point]);
  }
  return [...cells.values()].map((members) => ({
    lon: members.reduce((sum, point) => sum + point.lon, 0) / members.length,
    lat: members.reduce((sum, point) => sum + point.lat, 0) / members.length,
    weight: members.reduce((sum, point) => sum + point.weight, 0),
    rows: members.map((point) => point.row),
  }));
}

interface Extent {
  west: number;
  east: number;
  south: number;
  north: number;
}

function extentOf(points: GeoPoint[]): Extent {
  return points.reduce<Extent>(
    (extent, point) => ({
      west: Math.min(extent.west, point.lon),
      east: Math.max(extent.east, point.lon),
      south: Math.min(extent.south, point.lat),
      north: Math.max(extent.north, point.lat),
    }),
    { west: Infinity, east: -Infinity, south: Infinity, north: -Infinity },
  );
}

/** Below this many points every point counts in the view; above, the outlying few do not. */
const CORE_FROM = 50;
const OUTLYING_SHARE = 0.02;

/** The extent of most of the points: a few far away (Guam beside the US) do not set the view. */
export function coreExtent(points: GeoPoint[]): Extent {
  if (points.length < CORE_FROM) return extentOf(points);
  const low = Math.floor(points.length * OUTLYING_SHARE);
  const high = points.length - 1 - low;
  const lons = points.map((point) => point.lon).sort((a, b) => a - b);
  const lats = points.map((point) => point.lat).sort((a, b) => a - b);
  return { west: lons[low], east: lons[high], south: lats[low], north: lats[high] };
}

/** The grid cell size (degrees) for points spread over this extent. */
export function cellSize(extent: Extent): number {
  return Math.max(extent.east - extent.west, extent.north - extent.south, 1) / GRID_CELLS;
}

/** The view that shows the points' extent with a margin: its centre and zoom. */
function viewOf(extent: Extent) {
  const lonSpan = Math.max(extent.east - extent.west, 2) * 1.3;
  const latSpan = Math.max(extent.north - extent.south, 2) * 1.3;
  const zoom = Math.min(Math.max(Math.min(360 / lonSpan, 170 / latSpan), 1), 30);
  return { center: [(extent.west + extent.east) / 2, (extent.south + extent.north) / 2], zoom };
}

function pointsOf(
  rows: unknown[][],
  latitude: ColumnRef,
  longitude: ColumnRef,
  measure: ColumnRef | undefined,
): GeoPoint[] {
  const points: GeoPoint[] = [];
  rows.forEach((row, index) => {
    const lat = Number(row[latitude.index]);
    const lon = Number(row[longitude.index]);
    const place = row[latitude.index] !== null && row[longitude.index] !== null;
    if (!place || !(Math.abs(lat) <= 90) || !(Math.abs(lon) <= 180)) return;
    const weight = measure ? Number(row[measure.index]) : 1;
    points.push({ lon, lat, weight: Number.isFinite(weight) ? weight : 0, row: index });
  });
  return points;
}

function unplacedRows(rows: unknown[][], points: GeoPoint[]): unknown[][] {
  const placed = new Set(points.map((point) => point.row));
  return rows.filter((_row, index) => !placed.has(index));
}

export function buildPointMap(
  spec: ChartSpec & { type: 'pointMap' },
  result: QueryResult,
  theme: ChartTheme,
  labelOf: ColumnLabeler,
  geographies: Geographies | undefined,
  texts: ChartTexts,
): BuiltChart {
  const { dimensions, measures } = resolveEncoding(spec, result);
  const coordinates = coordinateColumns(dimensions);
  if (!geographies || !coordinates) {
    return { option: { ...baseOption(spec, theme), series: [] }, selectionAt: () => null };
  }
  const { latitude, longitude } = coordinates;
  const named = dimensions.find((column) => column !== latitude && column !== longitude);
  const measure = measures.find((column) => column !== latitude && column !== longitude);
  const points = pointsOf(result.rows, latitude, longitude, measure);
  const extent = coreExtent(points);
  const clusters = points.length > 0 ? clusterPoints(points, cellSize(extent)) : [];
  const largest = clusters.reduce((top, cluster) => Math.max(top, cluster.rows.length), 1);
  const format = valueFormatter(spec);
  const nameOf = labelFormatter(named ?? null, spec);
  const colours = mapColours(theme);
  const [accent] = colorsOf(spec, theme);
  const tooltipOf = (cluster: Cluster) => {
    const count = cluster.rows.length;
    const row = result.rows[cluster.rows[0]];
    const lines =
      count > 1
        ? [texts.points(count)]
        : [
            ...(named ? [nameOf(row[named.index])] : []),
            `${labelOf(latitude.name)}: ${row[latitude.index]}, ${labelOf(longitude.name)}: ${row[longitude.index]}`,
          ];
    if (measure) lines.push(`${labelOf(measure.name)}: ${format(cluster.weight)}`);
    return lines.map(escapeHtml).join('<br/>');
  };
  return {
    maps: [geographies.countries],
    unplaced: unplacedRows(result.rows, points).map((row) =>
      named ? nameOf(row[named.index]) : `${row[latitude.index]}, ${row[longitude.index]}`,
    ),
    option: {
      ...baseOption(spec, theme),
      tooltip: {
        trigger: 'item',
        formatter: (params: { dataIndex: number }) =>
          clusters[params.dataIndex] ? tooltipOf(clusters[params.dataIndex]) : '',
      },
      geo: {
        map: geographies.countries.name,
        roam: true,
        scaleLimit: { min: 1, max: 60 },
        ...(points.length > 0 ? viewOf(extent) : {}),
        silent: true,
        itemStyle: { areaColor: colours.empty, borderColor: colours.border, borderWidth: 0.5 },
      },
      series: [
        {
          type: 'scatter',
          coordinateSystem: 'geo',
          name: measure ? labelOf(measure.name) : '',
          data: clusters.map((cluster) => [cluster.lon, cluster.lat, cluster.rows.length]),
          symbolSize: (value: number[]) =>
            value[2] > 1
              ? POINT_SIZE + 6 + (LARGEST_CLUSTER - POINT_SIZE) * Math.sqrt(value[2] / largest)
              : POINT_SIZE,
          itemStyle: { color: accent, opacity: 0.85, borderColor: colours.border, borderWidth: 1 },
          label: {
            show: true,
            color: '#ffffff',
            fontSize: 10,
            formatter: (params: { value: number[] }) =>
              params.value[2] > 1 ? String(params.value[2]) : '',
          },
          emphasis: { scale: 1.2 },
        },
      ],
    },
    selectionAt: (_seriesIndex, dataIndex) => {
      const cluster = clusters[dataIndex];
      if (!cluster || cluster.rows.length > 1) return null;
      const row = result.rows[cluster.rows[0]];
      if (named) return { field: named.name, value: selectionValue(row[named.index]) };
      return {
        field: latitude.name,
        value: selectionValue(row[latitude.index]),
        also: [{ field: longitude.name, value: selectionValue(row[longitude.index]) }],
      };
    },
  };
}
