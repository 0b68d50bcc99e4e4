import { describe, expect, it } from 'vitest';
import { parseQuestion } from '../../../common/nl';
import { ask, questionContext } from './askHelper';

// Kinds of question that failed on tables the parser had never seen, over small
// tables shaped like uploads (ids, codes, snake_case names), none of them an eval table.

const staff = questionContext(
  { id: 950, name: 'Staff members' },
  [
    ['Member_ID', 'Member_ID', 'number', 'dimension'],
    ['Full_Name', 'Full_Name', 'string', 'dimension'],
    ['Home_town', 'Home_town', 'string', 'dimension'],
    ['Team', 'Team', 'string', 'dimension'],
    ['Salary', 'Salary', 'number', 'measure'],
    ['Height', 'Height', 'number', 'measure'],
  ],
  {
    Full_Name: ['Ann Lee', 'Bo Diaz', 'Cy Young', 'Di Ross'],
    Home_town: ['Leeds', 'York', 'Hull', 'Bath', 'Ely'],
    Team: ['Red', 'Blue'],
  },
  { Salary: { min: 20000, max: 90000 }, Height: { min: 150, max: 200 } },
);

function sortOf(question: string) {
  return parseQuestion(question, staff).spec.query.sort;
}

describe("the dataset's name names its rows", () => {
  it('a word of the name counts rows, not the id field whose name holds it', () => {
    expect(ask('number of members per team', staff)).toMatchObject({
      dimensions: ['Team'],
      measures: ['count *'],
    });
  });

  it('"for each member" is the unit, not a grouping by the id', () => {
    expect(ask('average salary of members of each team', staff)).toMatchObject({
      dimensions: ['Team'],
      measures: ['avg Salary'],
    });
  });
});

describe('counting a category counts rows', () => {
  it('alone in a chart, it groups by the category; alone, it is how many there are', () => {
    expect(ask('a bar chart of the number of home towns', staff)).toMatchObject({
      dimensions: ['Home_town'],
      measures: ['count *'],
    });
    expect(ask('number of home towns in descending order', staff).dimensions).toEqual([
      'Home_town',
    ]);
    expect(ask('number of home towns', staff)).toMatchObject({
      type: 'kpi',
      measures: ['count_distinct Home_town'],
    });
    expect(ask('how many team from different team', staff)).toMatchObject({
      dimensions: ['Team'],
      measures: ['count *'],
    });
  });

  it('"distinct" still counts distinct values', () => {
    expect(ask('number of distinct teams', staff).measures).toEqual(['count_distinct Team']);
  });

  it('a category of few values counted per group counts its values', () => {
    expect(ask('number of teams in each home town', staff)).toMatchObject({
      dimensions: ['Home_town'],
      measures: ['count_distinct Team'],
    });
  });
});

describe('sort words say what to sort by', () => {
  it('a "by" right after a sort word is the sort, not a grouping', () => {
    expect(
      ask('average salary for each team, sort in descending by the names', staff),
    ).toMatchObject({ dimensions: ['Team'], measures: ['avg Salary'] });
    expect(sortOf('average salary by team, rank by the average salary from high to low')).toEqual([
      { key: 'avg_Salary', dir: 'desc' },
    ]);
  });

  it('"in descending order of" a field sorts by it and does not measure it', () => {
    const answer = ask('number of members for each team in descending order of height', staff);
    expect(answer).toMatchObject({ dimensions: ['Team'], measures: ['count *'] });
  });

  it("a sort word before an aggregation sorts the chart's measure", () => {
    const question = 'average salary for each team, sort total number from high to low';
    expect(ask(question, staff).measures).toEqual(['avg Salary']);
    expect(sortOf(question)).toEqual([{ key: 'avg_Salary', dir: 'desc' }]);
  });

  it('a text field right before a direction, once grouped, is the sort', () => {
    expect(ask('average salary for each team, list names in desc order', staff).dimensions).toEqual(
      ['Team'],
    );
  });

  it('"by" after a sort word far back still groups', () => {
    expect(ask('list the average salary of each home town by team', staff).dimensions).toContain(
      'Team',
    );
  });
});

describe('histograms', () => {
  it('a category with an aggregate asked as a histogram is bars', () => {
    expect(ask('average height by team in a histogram', staff)).toMatchObject({
      type: 'column',
      dimensions: ['Team'],
      measures: ['avg Height'],
    });
  });

  it('"minimal" is a minimum, and a year with an aggregate asked as a histogram is bars', () => {
    expect(ask('minimal height by team in a histogram', staff)).toMatchObject({
      type: 'column',
      measures: ['min Height'],
    });
    const cinemas = questionContext(
      { id: 954, name: 'Cinema' },
      [
        ['Openning_year', 'Openning_year', 'number', 'time'],
        ['Capacity', 'Capacity', 'number', 'measure'],
      ],
      {},
      { Openning_year: { min: 2009, max: 2015 }, Capacity: { min: 100, max: 1200 } },
    );
    expect(ask('the average of capacity by openning year in a histogram', cinemas)).toMatchObject({
      dimensions: ['Openning_year'],
      measures: ['avg Capacity'],
    });
  });

  it('"in the member table" names the dataset, not a table chart', () => {
    expect(ask('number of members in the member table per team', staff).type).not.toBe('table');
  });

  it('a number against a count, or its categorization, is its histogram', () => {
    expect(ask('salary by count', staff)).toMatchObject({
      type: 'histogram',
      dimensions: ['Salary'],
    });
    expect(ask('categorization of heights', staff)).toMatchObject({
      type: 'histogram',
      dimensions: ['Height'],
    });
  });
});

describe('a field compared is filtered, not grouped', () => {
  it('"whose id is between 10 and 20" filters by the id', () => {
    const { spec } = parseQuestion(
      'number of members per team whose member id is between 10 and 20',
      staff,
    );
    expect(spec.query.dimensions.map((dimension) => dimension.field)).toEqual(['Team']);
    expect(spec.query.filters).toEqual([{ field: 'Member_ID', op: 'between', value: [10, 20] }]);
  });
});

describe('nvBench-style phrasing over ids and table nouns', () => {
  const aircraft = questionContext(
    { id: 951, name: 'Aircraft' },
    [
      ['Aircraft_ID', 'Aircraft_ID', 'number', 'dimension'],
      ['Aircraft', 'Aircraft', 'string', 'dimension'],
      ['Description', 'Description', 'string', 'dimension'],
      ['Max_Gross_Weight', 'Max_Gross_Weight', 'number', 'measure'],
    ],
    {
      Aircraft: ['Robinson R-22', 'Bell 206B3', 'CH-47D', 'Mil Mi-26'],
      Description: ['Light utility helicopter', 'Turboshaft utility helicopter'],
    },
  );

  it('the plural of the table noun is its rows; the singular groups by its column', () => {
    expect(
      ask('a pie chart of the number of descriptions of all aircrafts', aircraft),
    ).toMatchObject({
      dimensions: ['Description'],
      measures: ['count *'],
    });
    expect(ask('average max gross weight by aircraft', aircraft).dimensions).toEqual(['Aircraft']);
  });

  it('"total number" counts rows', () => {
    expect(ask('the total number by description', aircraft).measures).toEqual(['count *']);
  });

  it('a word of an id field alone does not name the id', () => {
    expect(ask('number of descriptions of books as a bar chart', aircraft).dimensions).toEqual([
      'Description',
    ]);
  });

  it('"by" a field and a direction, once grouped, sorts', () => {
    const answer = ask('average height by team, and display by the names in desc', staff);
    expect(answer.dimensions).toEqual(['Team']);
  });
});

describe('cars with two-digit model years', () => {
  const cars = questionContext(
    { id: 952, name: 'Cars' },
    [
      ['Name', 'Name', 'string', 'dimension'],
      ['MPG', 'MPG', 'number', 'measure'],
      ['Weight', 'Weight', 'number', 'measure'],
      ['Year', 'Year', 'number', 'time'],
      ['Origin', 'Origin', 'string', 'dimension'],
    ],
    { Origin: ['USA', 'Europe', 'Japan'], Name: ['ford pinto', 'vw rabbit', 'honda civic'] },
    { MPG: { min: 9, max: 46 }, Weight: { min: 1600, max: 5100 }, Year: { min: 70, max: 82 } },
  );

  it('a year of two digits is the time axis', () => {
    for (const question of ['weight over year', 'how does mpg change with years', 'mpg timeline'])
      expect(ask(question, cars), question).toMatchObject({ type: 'line', dimensions: ['Year'] });
  });

  it('small multiples by a field, or one plot for each of its values, split the chart', () => {
    expect(ask('mpg over time, small multiples by origin', cars).encoding.series).toBe('Origin');
    const answer = ask('mpg over the years, one plot for each of Europe, Japan and USA', cars);
    expect(answer).toMatchObject({ dimensions: ['Year', 'Origin'] });
  });

  it('values listed with nothing else to group by are compared', () => {
    expect(ask('average mpg for usa, europe and japan', cars).dimensions).toEqual(['Origin']);
  });

  it('"which X has the highest Y" ranks X by Y, top first', () => {
    const { spec } = parseQuestion('which origin has the highest mpg', cars);
    expect(spec.query.measures).toEqual([{ field: 'MPG', agg: 'avg' }]);
    expect(spec.query.sort).toEqual([{ key: 'avg_MPG', dir: 'desc' }]);
    expect(ask('highest mpg per origin', cars).measures).toEqual(['max MPG']);
  });

  it('"top 10 cars by weight" ranks each car by its name', () => {
    expect(ask('top 10 cars by weight', cars)).toMatchObject({
      dimensions: ['Name'],
      measures: ['avg Weight'],
    });
  });
});

describe('orders over a date: months in words, and order nouns', () => {
  const orders = questionContext(
    { id: 953, name: 'Superstore' },
    [
      ['Order ID', 'Order ID', 'string', 'dimension'],
      ['Order Date', 'Order Date', 'date', 'time'],
      ['Sub-Category', 'Sub-Category', 'string', 'dimension'],
      ['Sales', 'Sales', 'number', 'measure'],
      ['Quantity', 'Quantity', 'number', 'measure'],
    ],
    { 'Sub-Category': ['Chairs', 'Phones', 'Binders'] },
    { Sales: { min: 0, max: 2000 }, Quantity: { min: 1, max: 14 } },
  );

  it('"between Jan 2016 and Dec 2017" runs from the first day to the last', () => {
    const { spec } = parseQuestion('sales between Jan 2016 and Dec 2017 by month', orders);
    expect(spec.query.filters).toEqual([
      { field: 'Order Date', op: 'between', value: ['2016-01-01', '2017-12-31'] },
    ]);
    expect(spec.query.dimensions).toEqual([{ field: 'Order Date', grain: 'month' }]);
  });

  it('"in March 2017" is the whole month', () => {
    const { spec } = parseQuestion('sales by sub-category in March 2017', orders);
    expect(spec.query.filters).toEqual([
      { field: 'Order Date', op: 'between', value: ['2017-03-01', '2017-03-31'] },
    ]);
  });

  it('orders are counted rows, not a field holding the word, nor "order by"', () => {
    expect(ask('number of orders for each sub-category', orders)).toMatchObject({
      dimensions: ['Sub-Category'],
      measures: ['count *'],
    });
    expect(ask('count of orders by quantity', orders)).toMatchObject({
      dimensions: ['Quantity'],
      measures: ['count *'],
    });
  });
});
