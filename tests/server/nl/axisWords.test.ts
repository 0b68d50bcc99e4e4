import { describe, expect, it } from 'vitest';
import { ask } from './askHelper';
import { barley, cars, gapminder, weather } from './vegaContexts';

// Axis and grouping words set x, y, colour and series, over vega-datasets
// tables with roles as the server infers them.

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
