import { describe, expect, it } from 'vitest';
import { geographies } from '../../../../src/ui/charts/maps/geographies';
import {
  normaliseRegionName,
  pickRegionIndex,
  regionIndex,
} from '../../../../src/ui/charts/maps/regionNames';

// Data values to the shipped boundaries' regions: names, ISO and USPS codes, spelled as people
// write them.

const { countries, usStates } = geographies();
const indexes = { countries: countries.index, usStates: usStates.index };

describe('country names and codes', () => {
  it.each([
    ['France', 'France'],
    ['FR', 'France'],
    ['fra', 'France'],
    ['250', 'France'],
    [250, 'France'],
    ['USA', 'United States of America'],
    ['U.S.', 'United States of America'],
    ['United States', 'United States of America'],
    ['UK', 'United Kingdom'],
    ['England', 'United Kingdom'],
    ['GBR', 'United Kingdom'],
    ['South Korea', 'South Korea'],
    ['Korea, Republic of', 'South Korea'],
    ['Côte d’Ivoire', "Côte d'Ivoire"],
    ['Ivory Coast', "Côte d'Ivoire"],
    ['Democratic Republic of the Congo', 'Democratic Republic of the Congo'],
    ['DRC', 'Democratic Republic of the Congo'],
    ['Congo', 'Congo'],
    ['  the netherlands ', 'Netherlands'],
    ['Kosovo', 'Kosovo'],
    ['Russian Federation', 'Russia'],
  ])('finds %j as %s', (value, region) => {
    expect(countries.index.match(value)).toBe(region);
  });

  it('finds nothing for values that name no country', () => {
    for (const value of ['Atlantis', '', null, undefined, 3.5, true, 'XX']) {
      expect(countries.index.match(value)).toBeNull();
    }
  });

  it('draws no ring across the whole map: Russia and Fiji stay east of the 180th meridian', () => {
    const features = (
      countries.geoJSON as {
        features: Array<{ properties: { name: string }; geometry: { coordinates: unknown } }>;
      }
    ).features;
    for (const name of ['Russia', 'Fiji']) {
      const feature = features.find((candidate) => candidate.properties.name === name)!;
      const longitudes = JSON.stringify(feature.geometry.coordinates)
        .match(/\[(-?[\d.]+),/g)!
        .map((pair) => Number(pair.slice(1, -1)));
      expect(Math.min(...longitudes), name).toBeGreaterThan(-170);
    }
  });

  it('gives every feature on the map a distinct name, Antarctica left off', () => {
    const names = countries.index.names;
    expect(new Set(names).size).toBe(names.length);
    expect(names).not.toContain('Antarctica');
    const features = (countries.geoJSON as { features: Array<{ properties: { name: string } }> })
      .features;
    expect(features.map((feature) => feature.properties.name)).toEqual(names);
  });
});

describe('US state names and codes', () => {
  it.each([
    ['California', 'California'],
    ['CA', 'California'],
    ['ca', 'California'],
    ['06', 'California'],
    ['US-CA', 'California'],
    ['new york', 'New York'],
    ['NY', 'New York'],
    ['DC', 'District of Columbia'],
    ['Washington, D.C.', 'District of Columbia'],
    ['Washington', 'Washington'],
    ['PR', 'Puerto Rico'],
  ])('finds %j as %s', (value, region) => {
    expect(usStates.index.match(value)).toBe(region);
  });

  it('holds the 50 states, DC and Puerto Rico, Alaska in one piece west of the 180th meridian', () => {
    expect(usStates.index.names).toHaveLength(52);
    const alaska = (
      usStates.geoJSON as {
        features: Array<{ properties: { name: string }; geometry: { coordinates: unknown } }>;
      }
    ).features.find((feature) => feature.properties.name === 'Alaska')!;
    const longitudes = JSON.stringify(alaska.geometry.coordinates)
      .match(/\[(-?[\d.]+),/g)!
      .map((pair) => Number(pair.slice(1, -1)));
    expect(Math.max(...longitudes)).toBeLessThan(0);
    expect(usStates.specialAreas).toHaveProperty('Alaska');
  });
});

describe('which regions the values are of', () => {
  it('picks US states for state names and abbreviations', () => {
    expect(pickRegionIndex(['CA', 'TX', 'NY', 'Georgia'], indexes)?.set).toBe('usStates');
    expect(pickRegionIndex(['Texas', 'Ohio', 'Maine'], indexes)?.set).toBe('usStates');
  });

  it('picks countries for country names and ISO-3 codes, and on a tie', () => {
    expect(pickRegionIndex(['France', 'Japan', 'Brazil'], indexes)?.set).toBe('countries');
    expect(pickRegionIndex(['FRA', 'JPN', 'BRA'], indexes)?.set).toBe('countries');
    expect(pickRegionIndex(['Georgia'], indexes)?.set).toBe('countries');
  });

  it('picks none when no value names a region', () => {
    expect(pickRegionIndex(['red', 'green'], indexes)).toBeNull();
  });
});

describe('name matching', () => {
  it('ignores case, accents, punctuation and a leading "the"', () => {
    expect(normaliseRegionName('  The Côte-d’Ivoire ')).toBe('cote divoire');
    expect(normaliseRegionName('Bosnia & Herzegovina')).toBe('bosnia and herzegovina');
  });

  it('lets a primary name win over another region’s alias, whatever the order', () => {
    const index = regionIndex('countries', [
      { name: 'A', keys: ['Alpha'], aliases: ['Beta'] },
      { name: 'B', keys: ['Beta'] },
    ]);
    expect(index.match('beta')).toBe('B');
  });
});
