import { describe, expect, it } from 'vitest';
import { parseQuestion } from '../../../../common/nl';
import { POINT_MAP_LIMIT } from '../../../../common/nl/maps';
import { airports, cars, flights, gapminder } from '../../support/nlFixtures';

// Questions that ask for a map: "map of … by state/country" is a region map of that field,
// "where are …" a point map when the dataset has latitude and longitude, else a region map
// of its field of countries or states; a dataset with neither says why it shows another chart.

describe('region maps asked for', () => {
  it('maps a count by state', () => {
    const { spec, notes } = parseQuestion('map of airports by state', airports);
    expect(spec.type).toBe('regionMap');
    expect(spec.query.dimensions).toEqual([{ field: 'state' }]);
    expect(spec.query.measures).toEqual([{ field: '*', agg: 'count' }]);
    expect(spec.encoding).toEqual({ x: 'state', y: ['count'] });
    expect(notes).toEqual([]);
  });

  it('maps a measure by country', () => {
    const { spec } = parseQuestion('map of total population by country', gapminder);
    expect(spec.type).toBe('regionMap');
    expect(spec.query.dimensions).toEqual([{ field: 'country' }]);
    expect(spec.query.measures).toEqual([{ field: 'pop', agg: 'sum' }]);
  });

  it('knows a choropleth', () => {
    const { spec } = parseQuestion('choropleth of average life expectancy by country', gapminder);
    expect(spec.type).toBe('regionMap');
    expect(spec.query.measures).toEqual([{ field: 'life_expect', agg: 'avg' }]);
  });

  it('finds the region field when the question names none', () => {
    const { spec } = parseQuestion('number of cars on a map', cars);
    expect(spec.type).toBe('regionMap');
    expect(spec.query.dimensions).toEqual([{ field: 'Origin' }]);
  });
});

describe('"where are …"', () => {
  it('is a point map of the latitude and longitude', () => {
    const { spec, notes } = parseQuestion('where are the airports', airports);
    expect(spec.type).toBe('pointMap');
    expect(spec.query.dimensions).toEqual([{ field: 'latitude' }, { field: 'longitude' }]);
    expect(spec.query.measures).toEqual([{ field: '*', agg: 'count' }]);
    expect(spec.query.limit).toBe(POINT_MAP_LIMIT);
    expect(notes).toEqual([]);
  });

  it('keeps a filter on the points', () => {
    const { spec } = parseQuestion('where are the airports in CA', airports);
    expect(spec.type).toBe('pointMap');
    expect(spec.query.filters).toEqual([{ field: 'state', op: '=', value: 'CA' }]);
  });

  it('maps the regions of a dataset without coordinates, saying so', () => {
    const { spec, notes } = parseQuestion('where are the cars', cars);
    expect(spec.type).toBe('regionMap');
    expect(spec.query.dimensions).toEqual([{ field: 'Origin' }]);
    expect(notes.join(' ')).toMatch(/A point map needs a latitude and a longitude field/);
  });
});

describe('a map the dataset cannot make', () => {
  it('shows the nearest chart with a note', () => {
    const { spec, notes } = parseQuestion('map of delay by origin', flights);
    expect(spec.type).not.toBe('regionMap');
    expect(notes.join(' ')).toMatch(/A region map needs one field of countries or US states/);
  });
});
