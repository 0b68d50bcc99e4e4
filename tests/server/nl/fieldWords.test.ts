import { describe, expect, it } from 'vitest';
import type { QuestionContext } from '../../../src/model/nl';
import { parseQuestion } from '../../../src/model/nl';
import { barley, cars, gapminder, movies, weather } from './vegaContexts';

// Issue 16, kinds 3, 4 and 7: everyday words for fields, incidental words that must not take
// fields, and axis words, over vega-datasets tables with roles as the server infers them.

function ask(question: string, context: QuestionContext) {
  const { spec, unmatched } = parseQuestion(question, context);
  return {
    type: spec.type,
    dimensions: spec.query.dimensions.map((dimension) => dimension.field),
    measures: spec.query.measures.map((measure) => `${measure.agg} ${measure.field}`),
    encoding: spec.encoding,
    unmatched,
  };
}

describe('everyday words for fields (kind 3)', () => {
  it('reads a column of countries as "country" and "region"', () => {
    expect(ask('average horsepower by country', cars)).toMatchObject({
      type: 'column',
      dimensions: ['Origin'],
      measures: ['avg Horsepower'],
    });
    expect(ask('number of cars per region', cars).dimensions).toEqual(['Origin']);
  });

  it('joins words typed apart and knows initials', () => {
    expect(ask('average horse power by origin', cars).measures).toEqual(['avg Horsepower']);
    expect(ask('average mpg by origin', cars).measures).toEqual(['avg Miles_per_Gallon']);
  });

  it('knows analytics synonyms: length, money made, earnings, revenue', () => {
    expect(ask('average length of movies by genre', movies)).toMatchObject({
      dimensions: ['Major Genre'],
      measures: ['avg Running Time min'],
    });
    expect(ask('total money made by genre', movies).measures).toEqual(['sum US Gross']);
    expect(ask('earnings by distributor', movies).measures).toEqual(['sum US Gross']);
  });

  it('an average of a word several fields share takes a number field', () => {
    const answer = ask('average rating by genre', movies);
    expect(answer.dimensions).toEqual(['Major Genre']);
    expect(answer.measures[0]).toMatch(/^avg (Rotten Tomatoes|IMDB) Rating$/);
  });

  it('reads shortened column names and plurals', () => {
    expect(ask('average life expectancy by country', gapminder)).toMatchObject({
      type: 'bar',
      dimensions: ['country'],
      measures: ['avg life_expect'],
    });
    expect(ask('population by country', gapminder).measures[0]).toMatch(/ pop$/);
    expect(ask('total yields by place', barley).dimensions).toEqual(['site']);
  });
});

describe('incidental words do not take fields (kind 4)', () => {
  const orders: QuestionContext = {
    dataset: {
      id: 900,
      name: 'Orders',
      fields: [
        { name: 'Order Date', label: 'Order date', type: 'date', role: 'time', synonyms: [] },
        {
          name: 'Phone Number',
          label: 'Phone number',
          type: 'string',
          role: 'dimension',
          synonyms: [],
        },
        { name: 'Region', label: 'Region', type: 'string', role: 'dimension', synonyms: [] },
        { name: 'Sales', label: 'Sales', type: 'number', role: 'measure', synonyms: [] },
      ],
    },
    values: { Region: ['East', 'West', 'Central', 'South'] },
    ranges: { Sales: { min: 0, max: 2000 } },
  };

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
});

describe('axis words (kind 7)', () => {
  it('"X on the x axis and average Y on the y axis" groups Y by X', () => {
    expect(ask('cylinders on the x axis and average mpg on the y axis', cars)).toMatchObject({
      type: 'column',
      dimensions: ['Cylinders'],
      measures: ['avg Miles_per_Gallon'],
    });
  });

  it('"Y vs X" and "Y against X" put Y up and X along', () => {
    for (const question of ['horsepower vs weight', 'horsepower against weight']) {
      expect(ask(question, cars)).toMatchObject({
        type: 'scatter',
        encoding: { x: 'Weight_in_lbs', y: ['Horsepower'] },
      });
    }
    expect(ask('life expectancy versus fertility', gapminder).encoding).toMatchObject({
      x: 'fertility',
      y: ['life_expect'],
    });
  });

  it('"with X on the x axis" names x before the field', () => {
    expect(
      ask('scatter with weight on the x axis and horsepower on the y axis', cars).encoding,
    ).toMatchObject({ x: 'Weight_in_lbs', y: ['Horsepower'] });
    expect(ask('x axis horsepower, y axis weight', cars).encoding).toMatchObject({
      x: 'Horsepower',
      y: ['Weight_in_lbs'],
    });
  });

  it('grouping words set the dimension and colour', () => {
    expect(ask('average mpg broken down by origin', cars).dimensions).toEqual(['Origin']);
    expect(ask('mpg segregated by origin', cars).dimensions).toEqual(['Origin']);
    expect(ask('horsepower vs weight coloured by origin', cars).encoding).toMatchObject({
      color: 'Origin',
    });
    expect(ask('horsepower vs weight split by colour origin', cars).encoding).toMatchObject({
      color: 'Origin',
    });
    expect(ask('average yield for each variety grouped by site', barley)).toMatchObject({
      dimensions: ['variety', 'site'],
      measures: ['avg yield'],
    });
    expect(ask('max temperature for each weather', weather).dimensions).toEqual(['weather']);
  });
});
