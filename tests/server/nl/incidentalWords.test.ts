import { describe, expect, it } from 'vitest';
import { parseQuestion } from '../../../common/nl';
import { ask, questionContext } from './askHelper';

// Words that name a field only weakly or in passing ("in alphabetical
// order", "number of", "each model") do not take the field.

describe('incidental words do not take fields (kind 4)', () => {
  const orders = questionContext(
    { id: 900, name: 'Orders' },
    [
      ['Order Date', 'Order date', 'date', 'time'],
      ['Phone Number', 'Phone number', 'string', 'dimension'],
      ['Region', 'Region', 'string', 'dimension'],
      ['Sales', 'Sales', 'number', 'measure'],
    ],
    { Region: ['East', 'West', 'Central', 'South'] },
    { Sales: { min: 0, max: 2000 } },
  );

  it('"in alphabetical order" sorts; it is not Order Date', () => {
    const answer = ask('total sales by region in alphabetical order', orders);
    expect(answer).toMatchObject({ type: 'column', dimensions: ['Region'] });
    expect(
      parseQuestion('total sales by region in alphabetical order', orders).spec.query.sort,
    ).toEqual([{ key: 'Region', dir: 'asc' }]);
  });

  it('"number of" counts; it is not Phone Number', () => {
    expect(ask('number of orders by region', orders)).toMatchObject({
      dimensions: ['Region'],
      measures: ['count *'],
    });
  });

  it('"in descending order" is a direction, not a field', () => {
    const { spec } = parseQuestion('sales per region in descending order', orders);
    expect(spec.query.dimensions.map((dimension) => dimension.field)).toEqual(['Region']);
    expect(spec.query.sort[0]?.dir).toBe('desc');
  });

  it('"orders by region" counts orders; it is not "order by"', () => {
    expect(ask('number of orders by region', orders).dimensions).toEqual(['Region']);
  });
});

describe('the field naming each row, after "each", is the unit (kind 4)', () => {
  const listings = questionContext(
    { id: 901, name: 'Cars for sale' },
    [
      ['Model', 'Model', 'string', 'dimension'],
      ['Make', 'Make', 'string', 'dimension'],
      ['Horsepower', 'Horsepower', 'number', 'measure'],
      ['Weight', 'Weight', 'number', 'measure'],
      ['Price', 'Price', 'number', 'measure'],
    ],
    // Model has too many values to sample: it names each row
    { Make: ['Ford', 'Toyota', 'BMW'] },
  );

  it('counts rows rather than grouping by the unit', () => {
    expect(ask('count of each model by make', listings)).toMatchObject({
      dimensions: ['Make'],
      measures: ['count *'],
    });
  });

  it('plots points for each row', () => {
    expect(ask('horsepower of each model against weight', listings)).toMatchObject({
      type: 'scatter',
      encoding: { x: 'Weight', y: ['Horsepower'] },
    });
    expect(ask('plot horsepower and weight for each model', listings).encoding).not.toHaveProperty(
      'color',
    );
  });

  it('stays a category when nothing else shapes the chart', () => {
    expect(ask('average price of each model', listings)).toMatchObject({
      dimensions: ['Model'],
      measures: ['avg Price'],
    });
  });
});
