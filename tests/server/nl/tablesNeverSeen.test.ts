import { describe, expect, it } from 'vitest';
import { parseQuestion } from '../../../common/nl';
import { ask, questionContext } from './askHelper';
import { superstoreContext } from './superstoreContext';

// Kinds of question that fail on tables the parser has never seen, asked over a table shaped
// like the public Superstore orders sample (named so that "orders" is not its name) and small
// upload-shaped tables with ids, codes and snake_case names.

const orders = superstoreContext('Superstore');

const teachers = questionContext(
  { id: 951, name: 'teacher' },
  [
    ['Teacher_ID', 'Teacher_ID', 'number', 'dimension'],
    ['Name', 'Name', 'string', 'dimension'],
    ['Age', 'Age', 'number', 'dimension'],
    ['Hometown', 'Hometown', 'string', 'dimension'],
    ['Salary', 'Salary', 'number', 'measure'],
  ],
  { Hometown: ['Blackrod', 'Bolton', 'Farnworth', 'Horwich'] },
  { Age: { min: 26, max: 45 }, Salary: { min: 20000, max: 50000 } },
);

describe('the things identifiers name are rows', () => {
  it('"orders" beside Order ID and Order Date counts rows', () => {
    expect(ask('which state has the most orders', orders)).toMatchObject({
      dimensions: ['State'],
      measures: ['count *'],
    });
    expect(ask('orders by segment', orders)).toMatchObject({
      dimensions: ['Segment'],
      measures: ['count *'],
    });
    expect(ask('which region has the most customers', orders)).toMatchObject({
      dimensions: ['Region'],
      measures: ['count *'],
    });
  });

  it('a top N of them is of the field naming each ("products": Product Name)', () => {
    expect(ask('top 10 products by sales', orders)).toMatchObject({
      dimensions: ['Product Name'],
      measures: ['sum Sales'],
    });
  });

  it("the singular and the field's whole name still name fields", () => {
    expect(ask('sales by order date', orders).dimensions).toEqual(['Order Date']);
    expect(ask('profit by customer name', orders).dimensions).toEqual(['Customer Name']);
  });
});

describe('time in words', () => {
  it.each(['how does profit change with time', 'sales across the years', 'profit chronologically'])(
    '"%s" is along the order date',
    (question) => {
      expect(ask(question, orders)).toMatchObject({ type: 'line', dimensions: ['Order Date'] });
    },
  );
});

describe('a word inflected from a field word is not a misspelling of it', () => {
  it('"placed" is not "place"', () => {
    const answer = ask('how many orders were placed in 2016', orders);
    expect(answer.dimensions).toEqual([]);
    expect(answer.measures).toEqual(['count *']);
    expect(answer.unmatched).toContain('placed');
  });
});

describe('nvBench phrasing', () => {
  it('"by the total number" beside a measure sorts it, adds no count', () => {
    const { spec } = parseQuestion(
      'A bar chart showing the minimum salary for each hometown, and show by the total number in descending',
      teachers,
    );
    expect(spec.query.measures).toEqual([{ field: 'Salary', agg: 'min' }]);
    expect(spec.query.sort).toEqual([{ key: 'min_Salary', dir: 'desc' }]);
  });

  it('a number and a text category named in a histogram are bars of the number', () => {
    expect(
      ask('Return a histogram on what are the age and hometown of teachers?', teachers),
    ).toMatchObject({ dimensions: ['Hometown'], measures: ['avg Age'] });
  });

  it('"the age and hometown of every teacher" shows the age per hometown', () => {
    expect(
      ask('What is the age and hometown of every teacher as a bar chart', teachers),
    ).toMatchObject({ type: 'bar', dimensions: ['Hometown'], measures: ['avg Age'] });
  });

  it('a number bare beside the rows is drawn per row, by the naming field', () => {
    expect(ask('Show the salary for each teacher in a bar chart', teachers)).toMatchObject({
      dimensions: ['Name'],
      measures: ['avg Salary'],
    });
  });

  it('a histogram of an average by year is bars, not a line', () => {
    const cinemas = questionContext(
      { id: 952, name: 'cinema' },
      [
        ['Name', 'Name', 'string', 'dimension'],
        ['Openning_year', 'Openning_year', 'number', 'time'],
        ['Capacity', 'Capacity', 'number', 'measure'],
      ],
      {},
      { Openning_year: { min: 2009, max: 2015 }, Capacity: { min: 100, max: 1000 } },
    );
    expect(
      ask('Show me the average of capacity by openning year in a histogram', cinemas),
    ).toMatchObject({ type: 'column', dimensions: ['Openning_year'], measures: ['avg Capacity'] });
  });
});

describe('abbreviations in column names', () => {
  const furniture = questionContext(
    { id: 953, name: 'furniture' },
    [
      ['Furniture_ID', 'Furniture_ID', 'number', 'dimension'],
      ['Name', 'Name', 'string', 'dimension'],
      ['Num_of_Component', 'Num_of_Component', 'number', 'measure'],
      ['order_qty', 'order_qty', 'number', 'measure'],
      ['dept', 'dept', 'string', 'dimension'],
    ],
    { dept: ['Sales', 'Design', 'Support'] },
  );

  it('answer to the words they stand for', () => {
    expect(ask('total order quantity by department', furniture)).toMatchObject({
      dimensions: ['dept'],
      measures: ['sum order_qty'],
    });
    expect(ask('average number of components by dept', furniture).measures).toEqual([
      'avg Num_of_Component',
    ]);
  });
});

describe('a field the question names is never silently dropped', () => {
  it('a field the chart leaves out is listed, noted and offered in another reading', () => {
    const answer = parseQuestion('how many orders were placed in 2016 by ship mode', orders);
    expect(answer.spec.query.dimensions.map((dimension) => dimension.field)).toEqual(['Ship Mode']);
    const sorted = parseQuestion(
      'average discount for each region, sort by the ship mode in descending',
      orders,
    );
    expect(sorted.spec.query.dimensions.map((dimension) => dimension.field)).toEqual(['Region']);
    expect(sorted.unmatched).toContain('ship mode');
    expect(sorted.notes.at(-1)).toBe(
      '"ship mode" is not used in this chart. Other readings that use it are offered.',
    );
    expect(
      sorted.alternatives.some((alternative) => alternative.encoding.series === 'Ship Mode'),
    ).toBe(true);
  });
});

describe('field names that look like other words', () => {
  const parties = questionContext(
    { id: 954, name: 'party' },
    [
      ['Party_ID', 'Party_ID', 'number', 'dimension'],
      ['Party_Theme', 'Party_Theme', 'string', 'dimension'],
      ['Location', 'Location', 'string', 'dimension'],
      ['First_year', 'First_year', 'number', 'time'],
      ['Last_year', 'Last_year', 'number', 'dimension'],
    ],
    { Party_Theme: ['Spring', 'Club Q-BASE', 'Hardcore Resurrection'], Location: ['Hemkade'] },
    { First_year: { min: 1999, max: 2008 }, Last_year: { min: 2001, max: 2010 } },
  );

  it('"last year" is the Last_year column, and "count" it counts rows for each of its values', () => {
    expect(
      ask('Count the last year of parties with theme "Spring" or "Club Q-BASE"', parties),
    ).toMatchObject({ dimensions: ['Last_year'], measures: ['count *'] });
  });

  it('a field named right before its value filters, it does not group', () => {
    const { spec } = parseQuestion('number of parties by first year with theme Spring', parties);
    expect(spec.query.dimensions.map((dimension) => dimension.field)).toEqual(['First_year']);
    expect(spec.query.filters).toEqual([{ field: 'Party_Theme', op: '=', value: 'Spring' }]);
  });
});
