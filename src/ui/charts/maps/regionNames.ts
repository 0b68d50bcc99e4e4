// Matching the values of a data column to map regions: country names, ISO 3166 alpha-2,
// alpha-3 and numeric codes; US state names, USPS abbreviations and FIPS codes. Pure: the
// boundaries' names come in (geographies.ts), a region's canonical name comes out.

import type { MapRegionSet } from '../../../../common/charts';

/** The region sets a region map draws. */
export type RegionSet = MapRegionSet;

/** One region: its canonical name (the feature's name on the map) and what else it is called. */
export interface RegionEntry {
  name: string;
  /** primary names and codes: these win over another region's alias */
  keys: string[];
  /** other names ("Congo" is an alias of two countries: the first region that claims it keeps it) */
  aliases?: string[];
}

/** Names compared without case, accents, punctuation, a leading "the" or extra spaces. */
export function normaliseRegionName(value: string): string {
  return value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[.'’`]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .replace(/^the /, '');
}

/** Finds the region of a data value; null when none is called that. */
export interface RegionIndex {
  set: RegionSet;
  match: (value: unknown) => string | null;
  /** every region's canonical name */
  names: string[];
}

export function regionIndex(set: RegionSet, entries: RegionEntry[]): RegionIndex {
  const byKey = new Map<string, string>();
  for (const entry of entries) {
    for (const key of entry.keys) byKey.set(normaliseRegionName(key), entry.name);
  }
  for (const entry of entries) {
    for (const alias of entry.aliases ?? []) {
      const key = normaliseRegionName(alias);
      if (!byKey.has(key)) byKey.set(key, entry.name);
    }
  }
  return {
    set,
    names: entries.map((entry) => entry.name),
    match: (value) => {
      if (typeof value === 'number' && Number.isInteger(value)) {
        return byKey.get(String(value)) ?? null;
      }
      if (typeof value !== 'string') return null;
      return byKey.get(normaliseRegionName(value)) ?? null;
    },
  };
}

/** How many of the values name a region of the index. */
export function matchedCount(index: RegionIndex, values: unknown[]): number {
  return values.filter((value) => index.match(value) !== null).length;
}

/**
 * The region set the values are of: the one that names more of them (countries on a tie:
 * "Georgia" alone is a country as much as a state). Null when neither names any.
 */
export function pickRegionIndex(
  values: unknown[],
  indexes: Record<RegionSet, RegionIndex>,
): RegionIndex | null {
  const countries = matchedCount(indexes.countries, values);
  const states = matchedCount(indexes.usStates, values);
  if (countries === 0 && states === 0) return null;
  return states > countries ? indexes.usStates : indexes.countries;
}

/** USPS abbreviations of the states, DC and Puerto Rico, by FIPS code. */
export const US_STATE_CODES: Record<string, string> = {
  '01': 'AL',
  '02': 'AK',
  '04': 'AZ',
  '05': 'AR',
  '06': 'CA',
  '08': 'CO',
  '09': 'CT',
  '10': 'DE',
  '11': 'DC',
  '12': 'FL',
  '13': 'GA',
  '15': 'HI',
  '16': 'ID',
  '17': 'IL',
  '18': 'IN',
  '19': 'IA',
  '20': 'KS',
  '21': 'KY',
  '22': 'LA',
  '23': 'ME',
  '24': 'MD',
  '25': 'MA',
  '26': 'MI',
  '27': 'MN',
  '28': 'MS',
  '29': 'MO',
  '30': 'MT',
  '31': 'NE',
  '32': 'NV',
  '33': 'NH',
  '34': 'NJ',
  '35': 'NM',
  '36': 'NY',
  '37': 'NC',
  '38': 'ND',
  '39': 'OH',
  '40': 'OK',
  '41': 'OR',
  '42': 'PA',
  '44': 'RI',
  '45': 'SC',
  '46': 'SD',
  '47': 'TN',
  '48': 'TX',
  '49': 'UT',
  '50': 'VT',
  '51': 'VA',
  '53': 'WA',
  '54': 'WV',
  '55': 'WI',
  '56': 'WY',
  '72': 'PR',
};

/** Other names people write for countries that the ISO lists do not hold. */
export const COUNTRY_ALIASES: Record<string, string[]> = {
  US: ['America', 'United States', 'U.S.A', 'the States'],
  GB: ['Britain', 'England', 'Scotland', 'Wales', 'Northern Ireland', 'Great Britain', 'UK'],
  KR: ['South Korea', 'Korea', 'Republic of Korea', 'Korea, South'],
  KP: ['North Korea', 'Korea, North', 'DPRK'],
  RU: ['Russia', 'Russian Federation'],
  CZ: ['Czech Republic', 'Czechia'],
  CI: ['Ivory Coast', "Cote d'Ivoire"],
  NL: ['Holland', 'The Netherlands'],
  MM: ['Burma'],
  CD: ['DR Congo', 'DRC', 'Congo-Kinshasa', 'Dem. Rep. Congo', 'Congo, Democratic Republic'],
  CG: ['Republic of the Congo', 'Congo-Brazzaville', 'Congo'],
  SZ: ['Swaziland', 'eSwatini'],
  MK: ['Macedonia', 'North Macedonia'],
  TR: ['Turkey', 'Türkiye'],
  AE: ['UAE', 'Emirates'],
  IR: ['Iran'],
  SY: ['Syria'],
  VN: ['Vietnam', 'Viet Nam'],
  LA: ['Laos'],
  BO: ['Bolivia'],
  VE: ['Venezuela'],
  TZ: ['Tanzania'],
  MD: ['Moldova'],
  TW: ['Taiwan'],
  PS: ['Palestine'],
  BA: ['Bosnia'],
  CV: ['Cape Verde'],
  TL: ['East Timor'],
};
