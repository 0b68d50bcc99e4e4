import countryCodes from 'i18n-iso-countries';
import english from 'i18n-iso-countries/langs/en.json';
import { feature } from 'topojson-client';
import type { Feature, FeatureCollection, Geometry, Position } from 'geojson';
import type { GeometryCollection, Topology } from 'topojson-specification';
import statesTopology from 'us-atlas/states-10m.json';
import countriesTopology from 'world-atlas/countries-110m.json';
import {
  COUNTRY_ALIASES,
  US_STATE_CODES,
  regionIndex,
  type RegionEntry,
  type RegionIndex,
  type RegionSet,
} from './regionNames';
import type { MapRegistration } from '../options/types';

// The boundaries shipped with the product: Natural Earth's countries (world-atlas, 1:110m) and
// the US Census Bureau's states (us-atlas, 1:10m), as GeoJSON for ECharts' registerMap, with
// the index that matches data values to them. Loaded on demand (useGeographies), never at
// start, so the main bundle does not carry them.

export interface Geography extends MapRegistration {
  index: RegionIndex;
}

export type Geographies = Record<RegionSet, Geography>;

type Properties = { name?: string };

/** ISO 3166-1 numeric codes of regions left off the world map (Antarctica takes a fifth of it). */
const LEFT_OFF = new Set(['010']);

function featuresOf(topology: unknown, object: string): Array<Feature<Geometry, Properties>> {
  const typed = topology as Topology<Record<string, GeometryCollection<Properties>>>;
  const collection = feature(typed, typed.objects[object]) as FeatureCollection<
    Geometry,
    Properties
  >;
  return collection.features;
}

function named(source: Feature<Geometry, Properties>, name: string): Feature<Geometry, Properties> {
  return {
    type: 'Feature',
    id: source.id,
    geometry: unbroken(source.geometry),
    properties: { name },
  };
}

function countryEntry(source: Feature<Geometry, Properties>): RegionEntry & { feature: Feature } {
  const atlasName = source.properties.name ?? '';
  const numeric = source.id === undefined ? undefined : String(source.id);
  const alpha2 = numeric ? countryCodes.numericToAlpha2(numeric) : undefined;
  const isoName = alpha2 ? countryCodes.getName(alpha2, 'en') : undefined;
  // Natural Earth shortens some names ("Dem. Rep. Congo"): the ISO name reads better there.
  const name = isoName && (atlasName.includes('.') || !atlasName) ? isoName : atlasName;
  const keys = [name, atlasName, ...(isoName ? [isoName] : [])];
  if (alpha2 && numeric) {
    keys.push(alpha2, countryCodes.alpha2ToAlpha3(alpha2) ?? '', numeric, String(Number(numeric)));
  }
  const isoNames = alpha2 ? (countryCodes.getNames('en', { select: 'all' })[alpha2] ?? []) : [];
  const aliases = [...isoNames, ...(alpha2 ? (COUNTRY_ALIASES[alpha2] ?? []) : [])];
  return { name, keys: keys.filter(Boolean), aliases, feature: named(source, name) };
}

const ALASKA_FIPS = '02';

/** The geometry with each ring's positions passed through `shift`. */
function shiftRings(geometry: Geometry, shift: (ring: Position[]) => Position[]): Geometry {
  if (geometry.type === 'Polygon') {
    return { ...geometry, coordinates: geometry.coordinates.map(shift) };
  }
  if (geometry.type === 'MultiPolygon') {
    return { ...geometry, coordinates: geometry.coordinates.map((polygon) => polygon.map(shift)) };
  }
  return geometry;
}

/** Alaska's Aleutians cross the 180th meridian: drawn west of it, the state stays in one piece. */
function westOfAntimeridian(geometry: Geometry): Geometry {
  return shiftRings(geometry, (ring) =>
    ring.map((position) => (position[0] > 0 ? [position[0] - 360, position[1]] : position)),
  );
}

/**
 * A ring that crosses the 180th meridian (eastern Russia, Fiji) would be drawn as a band
 * across the whole flat map: its western half moves east of the meridian instead.
 */
function unbroken(geometry: Geometry): Geometry {
  return shiftRings(geometry, (ring) => {
    const crosses = ring.some((p) => p[0] > 170) && ring.some((p) => p[0] < -170);
    return crosses ? ring.map((p) => (p[0] < 0 ? [p[0] + 360, p[1]] : p)) : ring;
  });
}

function stateEntry(source: Feature<Geometry, Properties>): RegionEntry & { feature: Feature } {
  const fips = String(source.id);
  const name = source.properties.name ?? fips;
  const shaped =
    fips === ALASKA_FIPS ? { ...source, geometry: westOfAntimeridian(source.geometry) } : source;
  return {
    name,
    keys: [name, US_STATE_CODES[fips], fips, String(Number(fips)), `US-${US_STATE_CODES[fips]}`],
    aliases: name === 'District of Columbia' ? ['Washington DC', 'Washington, D.C.'] : [],
    feature: named(shaped, name),
  };
}

/** Alaska, Hawaii and Puerto Rico drawn small beside the lower 48, as atlases place them. */
const US_INSETS = {
  Alaska: { left: -131, top: 25, width: 15 },
  Hawaii: { left: -110, top: 28, width: 5 },
  'Puerto Rico': { left: -76, top: 26, width: 2 },
};

function geography(
  set: RegionSet,
  name: string,
  entries: Array<RegionEntry & { feature: Feature }>,
  specialAreas?: MapRegistration['specialAreas'],
): Geography {
  return {
    name,
    geoJSON: { type: 'FeatureCollection', features: entries.map((entry) => entry.feature) },
    ...(specialAreas ? { specialAreas } : {}),
    index: regionIndex(set, entries),
  };
}

let built: Geographies | null = null;

/** The countries and the US states, built once. */
export function geographies(): Geographies {
  if (built) return built;
  countryCodes.registerLocale(english);
  const countries = featuresOf(countriesTopology, 'countries')
    .filter((source) => !LEFT_OFF.has(String(source.id)))
    .map(countryEntry);
  const states = featuresOf(statesTopology, 'states')
    .filter((source) => Object.hasOwn(US_STATE_CODES, String(source.id)))
    .map(stateEntry);
  built = {
    countries: geography('countries', 'brandboard-countries', countries),
    usStates: geography('usStates', 'brandboard-us-states', states, US_INSETS),
  };
  return built;
}
