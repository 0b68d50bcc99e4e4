import { describe, expect, it } from 'vitest';
import { ask, questionContext } from './askHelper';
import { barley, cars, gapminder, movies } from './vegaContexts';

// Everyday words for fields (synonyms, what a column's values are, joined and
// split words, initials, plurals) over vega-datasets tables with roles as the server infers.

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

describe('what a column holds names it (kind 3)', () => {
  const sales = questionContext(
    { id: 902, name: 'Store takings' },
    [
      ['month', 'Month', 'string', 'dimension'],
      ['store_state', 'Store state', 'string', 'dimension'],
      ['amount', 'Amount', 'number', 'measure'],
    ],
    { month: ['January', 'February', 'March', 'April'], store_state: ['CA', 'NY', 'TX'] },
  );

  it('groups "by month" and "monthly" by a column of month names when there is no date', () => {
    expect(ask('total amount by month', sales).dimensions).toEqual(['month']);
    expect(ask('monthly amount', sales).dimensions).toEqual(['month']);
  });

  it('reads a column of state codes as "location" and sales as the amount', () => {
    expect(ask('total sales by location', sales)).toMatchObject({
      dimensions: ['store_state'],
      measures: ['sum amount'],
    });
  });
});
