import { describe, expect, it } from 'vitest';
import { ask } from './askHelper';
import {
  cars,
  disasters,
  electricity,
  gapminder,
  movies,
  penguins,
  population,
  stocks,
  weather,
} from './vegaContexts';

// Everyday words, second round: prefixes of field words, field names holding an
// aggregation word, more shipped synonyms, the dataset's name as a field's word, "type of X".

describe('a prefix of one field word names that field', () => {
  it('reads short forms when one field starts so', () => {
    expect(ask('average flipper by isl', penguins).dimensions).toEqual(['Island']);
    expect(ask('mean budg by genre', movies).measures).toEqual(['avg Production Budget']);
    expect(ask('total prec by weather', weather).measures).toEqual(['sum precipitation']);
    expect(ask('mean accel by origin', cars).measures).toEqual(['avg Acceleration']);
  });

  it('leaves a prefix that two fields share unread', () => {
    // "te" is too short; "temp" belongs to temp_max and temp_min alike
    expect(ask('average te by weather', weather).unmatched).toContain('te');
  });
});

describe('a field whose name holds an aggregation word (temp_max)', () => {
  it('reads "min temperature" and "maximum temp" as the fields, in either order', () => {
    expect(ask('histogram of min temperature', weather)).toMatchObject({
      type: 'histogram',
      dimensions: ['temp_min'],
    });
    expect(ask('maximum temp against wind', weather)).toMatchObject({
      type: 'scatter',
      encoding: { x: 'wind', y: ['temp_max'] },
    });
    expect(ask('min temperature trend', weather).measures).toEqual(['avg temp_min']);
  });

  it('still reads max before a field that has no such word as the aggregation', () => {
    expect(ask('max horsepower by origin', cars).measures).toEqual(['max Horsepower']);
    expect(ask('min life expectancy by cluster', gapminder).measures).toEqual(['min life_expect']);
  });
});

describe('more everyday words (shipped synonym groups)', () => {
  it('knows words for deaths, generation, fuel source and ticker', () => {
    expect(ask('number of fatalities per entity', disasters)).toMatchObject({
      dimensions: ['Entity'],
      measures: ['sum Deaths'],
    });
    expect(ask('energy generation by fuel source', electricity)).toMatchObject({
      dimensions: ['source'],
      measures: ['sum net_generation'],
    });
    expect(ask('ticker with highest price', stocks).dimensions).toEqual(['symbol']);
    expect(ask('average share price by company', stocks)).toMatchObject({
      dimensions: ['symbol'],
      measures: ['avg price'],
    });
  });

  it('reads gender as sex and the table name Population as its people column', () => {
    expect(ask('sum of people by gender', population)).toMatchObject({
      dimensions: ['sex'],
      measures: ['sum people'],
    });
    expect(ask('total population by sex', population).measures).toEqual(['sum people']);
    // a table's name that no field answers to still counts its rows
    expect(ask('how many cars by origin', cars).measures).toEqual(['count *']);
    expect(ask('avg price by stock', stocks).dimensions).toEqual(['symbol']);
  });
});

describe('"type of X" names the column whose values are the kinds of X', () => {
  it('finds the column whose values use the word', () => {
    for (const question of [
      'fatalities by disaster type',
      'deaths in each kind of disaster',
      'total deaths by type of disaster',
    ]) {
      expect(ask(question, disasters).dimensions).toEqual(['Entity']);
    }
  });

  it('keeps a field that answers to the word itself', () => {
    expect(ask('average budget by creative type', movies).dimensions).toEqual(['Creative Type']);
  });
});

describe('counting a noun per group counts, it does not group by the noun', () => {
  it('counts distinct values or rows per group', () => {
    expect(ask('number of species on each island', penguins)).toMatchObject({
      dimensions: ['Island'],
      measures: ['count_distinct Species'],
    });
    expect(ask('number of titles per genre', movies)).toMatchObject({
      dimensions: ['Major Genre'],
      measures: ['count *'],
    });
    expect(ask('number of countries in each cluster', gapminder).dimensions).toEqual(['cluster']);
  });
});
