import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { kpiModel } from '../../../../src/ui/charts/kpiModel';
import { DEFAULT_PAGE_SIZE, tableModel } from '../../../../src/ui/charts/tableModel';
import {
  chartResultToCsv,
  resultToCsv,
  exportFileName,
  chartToPng,
} from '../../../../src/ui/charts/exporters';
import { byOrigin, result, spec } from '../../support/chartFixtures';

const people = result(
  [
    ['name', 'string'],
    ['sum_delay', 'number'],
    ['date', 'date'],
  ],
  [
    ['b', 10, '2001-01-02'],
    ['A', null, '2001-01-01'],
    ['c', 2, null],
    ['a10', 7.5, '2001-01-03'],
    ['a2', 100, '2001-01-04'],
  ],
);

describe('tableModel', () => {
  it('labels and formats the columns, numbers on the right', () => {
    const model = tableModel(
      spec('table', {}, {}, { numberFormat: 'integer', dateFormat: 'date' }),
      people,
      {},
      (name) => name.toUpperCase(),
    );
    expect(model.columns.map((c) => [c.label, c.align])).toEqual([
      ['NAME', 'left'],
      ['SUM_DELAY', 'right'],
      ['DATE', 'left'],
    ]);
    expect(model.columns[1].format(7.5)).toBe('8');
    expect(model.columns[2].format('2001-01-02')).toBe('Jan 2, 2001');
    expect(model.columns[0].format(null)).toBe('');
    expect(model.rows).toEqual(people.rows);
  });

  it('shows a year column without grouping', () => {
    const years = result(
      [
        ['Year', 'number'],
        ['sum_amount', 'number'],
      ],
      [[1996, 2500]],
    );
    const model = tableModel(spec('table'), years);
    expect(model.columns.map((column) => column.format(model.rows[0][column.index]))).toEqual([
      '1996',
      '2,500',
    ]);
  });

  it('sorts numbers by value with nulls last in both directions', () => {
    const asc = tableModel(spec('table'), people, { sort: { column: 'sum_delay', dir: 'asc' } });
    expect(asc.rows.map((row) => row[1])).toEqual([2, 7.5, 10, 100, null]);
    const desc = tableModel(spec('table'), people, { sort: { column: 'sum_delay', dir: 'desc' } });
    expect(desc.rows.map((row) => row[1])).toEqual([100, 10, 7.5, 2, null]);
    expect(desc.sort).toEqual({ column: 'sum_delay', dir: 'desc' });
  });

  it('sorts text naturally and dates in time order', () => {
    const byName = tableModel(spec('table'), people, { sort: { column: 'name', dir: 'asc' } });
    expect(byName.rows.map((row) => row[0])).toEqual(['A', 'a2', 'a10', 'b', 'c']);
    const byDate = tableModel(spec('table'), people, { sort: { column: 'date', dir: 'desc' } });
    expect(byDate.rows.map((row) => row[2])).toEqual([
      '2001-01-04',
      '2001-01-03',
      '2001-01-02',
      '2001-01-01',
      null,
    ]);
  });

  it('ignores a sort by an unknown column', () => {
    const model = tableModel(spec('table'), people, { sort: { column: 'nope', dir: 'asc' } });
    expect(model.rows).toEqual(people.rows);
    expect(model.sort).toBeUndefined();
  });

  it('pages rows by the page size and keeps the page in range', () => {
    const many = result(
      [['n', 'number']],
      Array.from({ length: 60 }, (_, i) => [i]),
    );
    const first = tableModel(spec('table'), many);
    expect(first.pageSize).toBe(DEFAULT_PAGE_SIZE);
    expect(first.pageCount).toBe(3);
    expect(first.rows).toHaveLength(25);
    const last = tableModel(spec('table'), many, { page: 2 });
    expect(last.rows.map((row) => row[0])).toEqual(Array.from({ length: 10 }, (_, i) => 50 + i));
    expect(tableModel(spec('table'), many, { page: 99 }).page).toBe(2);
    expect(tableModel(spec('table'), many, { page: -1 }).page).toBe(0);
    const sorted = tableModel(spec('table', {}, {}, { pageSize: 10 }), many, {
      page: 1,
      sort: { column: 'n', dir: 'desc' },
    });
    expect(sorted.rows.map((row) => row[0])).toEqual([49, 48, 47, 46, 45, 44, 43, 42, 41, 40]);
    expect(sorted.pageCount).toBe(6);
  });

  it('has one empty page for no rows', () => {
    const model = tableModel(spec('table'), result([['n', 'number']], []));
    expect(model).toMatchObject({ rows: [], total: 0, page: 0, pageCount: 1 });
  });
});

const monthly = (rows: unknown[][]) =>
  result(
    [
      ['date', 'date'],
      ['sum_delay', 'number'],
    ],
    rows,
  );
const kpiSpec = (options = {}) =>
  spec('kpi', { dimensions: [{ field: 'date', grain: 'month' }] }, {}, options);

describe('kpiModel', () => {
  it('is the last period with its change against the one before', () => {
    const model = kpiModel(
      kpiSpec(),
      monthly([
        ['2001-01-01', 100],
        ['2001-02-01', 80],
        ['2001-03-01', 120],
      ]),
    );
    expect(model).toMatchObject({
      value: 120,
      formatted: '120',
      previous: 80,
      change: 0.5,
      changeText: '+50%',
      direction: 'up',
      label: 'sum_delay',
    });
  });

  it('orders periods by time whatever the row order', () => {
    const model = kpiModel(
      kpiSpec({ numberFormat: 'integer' }),
      monthly([
        ['2001-03-01', 90.4],
        ['2001-01-01', 10],
        ['2001-02-01', 100],
      ]),
    );
    expect(model).toMatchObject({ value: 90.4, formatted: '90', previous: 100, direction: 'down' });
    expect(model.changeText).toBe('-9.6%');
  });

  it('has no change with one row, a zero or a null previous period', () => {
    expect(kpiModel(kpiSpec(), monthly([['2001-01-01', 5]]))).toMatchObject({
      value: 5,
      previous: null,
      change: null,
      changeText: null,
      direction: null,
    });
    expect(
      kpiModel(
        kpiSpec(),
        monthly([
          ['2001-01-01', 0],
          ['2001-02-01', 5],
        ]),
      ).change,
    ).toBeNull();
    expect(
      kpiModel(
        kpiSpec(),
        monthly([
          ['2001-01-01', null],
          ['2001-02-01', 5],
        ]),
      ).change,
    ).toBeNull();
  });

  it('uses a prev_ column of the same row as the previous value', () => {
    const data = result(
      [
        ['sum_delay', 'number'],
        ['prev_sum_delay', 'number'],
      ],
      [[50, 40]],
    );
    const model = kpiModel(spec('kpi', { dimensions: [] }, { y: ['sum_delay'] }), data);
    expect(model).toMatchObject({ value: 50, previous: 40, change: 0.25, direction: 'up' });
  });

  it('calls a rise good and a fall bad unless the measure says down is good', () => {
    const rising = [
      ['2001-01-01', 10],
      ['2001-02-01', 12],
    ];
    const falling = [
      ['2001-01-01', 12],
      ['2001-02-01', 10],
    ];
    expect(kpiModel(kpiSpec(), monthly(rising)).tone).toBe('good');
    expect(kpiModel(kpiSpec(), monthly(falling)).tone).toBe('bad');
    // A delay says down is good: more delay is bad news, less is good.
    const delays = (rows: unknown[][]) => {
      const data = monthly(rows);
      return {
        ...data,
        columns: [data.columns[0], { ...data.columns[1], goodDirection: 'down' as const }],
      };
    };
    expect(kpiModel(kpiSpec(), delays(rising))).toMatchObject({ direction: 'up', tone: 'bad' });
    expect(kpiModel(kpiSpec(), delays(falling))).toMatchObject({ direction: 'down', tone: 'good' });
    expect(kpiModel(kpiSpec(), delays([['2001-01-01', 5]])).tone).toBe('neutral');
  });

  it('is flat when nothing changed and empty without rows', () => {
    expect(
      kpiModel(
        kpiSpec(),
        monthly([
          ['2001-01-01', 5],
          ['2001-02-01', 5],
        ]),
      ),
    ).toMatchObject({
      direction: 'flat',
      changeText: '0%',
      tone: 'neutral',
    });
    expect(kpiModel(kpiSpec(), monthly([]))).toMatchObject({
      value: null,
      formatted: '–',
      change: null,
    });
  });
});

describe('resultToCsv', () => {
  it('writes a header and CRLF rows, quoting commas, quotes, line breaks and padding', () => {
    const csv = resultToCsv(
      result(
        [
          ['name, full', 'string'],
          ['note', 'string'],
          ['n', 'number'],
        ],
        [
          ['Smith, J', 'said "hi"', 1.5],
          ['line\nbreak', ' padded', null],
          ['plain', 'cr\rhere', 0],
        ],
      ),
    );
    expect(csv).toBe(
      '"name, full",note,n\r\n' +
        '"Smith, J","said ""hi""",1.5\r\n' +
        '"line\nbreak"," padded",\r\n' +
        'plain,"cr\rhere",0\r\n',
    );
  });

  it('writes only the header for no rows, objects as JSON', () => {
    expect(resultToCsv(result([['a', 'string']], []))).toBe('a\r\n');
    expect(resultToCsv(result([['a', 'string']], [[{ x: 1 }]]))).toBe('a\r\n"{""x"":1}"\r\n');
    expect(resultToCsv(byOrigin).split('\r\n')[1]).toBe('SEA,120');
  });

  it('guards formula-like column names and texts with a single quote, not numbers', () => {
    const csv = resultToCsv(
      result(
        [
          ['=HYPERLINK("http://x")', 'string'],
          ['n', 'number'],
        ],
        [
          ['+1', -5],
          ['-2', 3],
          ['@SUM(A1)', null],
        ],
      ),
    );
    expect(parse(csv)).toEqual([
      [`'=HYPERLINK("http://x")`, 'n'],
      ["'+1", '-5'],
      ["'-2", '3'],
      ["'@SUM(A1)", ''],
    ]);
  });
});

describe('chartResultToCsv', () => {
  it('heads columns with the chart’s labels and writes values as the chart formats them', () => {
    const labels: Record<string, string> = { name: 'Name', sum_delay: 'Sum of delay' };
    const csv = chartResultToCsv(
      spec('table', {}, {}, { numberFormat: 'integer', dateFormat: 'date' }),
      result(
        people.columns.map((c) => [c.name, c.type]),
        [
          ['b', 12345.6, '2001-01-02'],
          ['c', null, null],
        ],
      ),
      (name) => labels[name] ?? name,
    );
    expect(csv).toBe('Name,Sum of delay,date\r\nb,"12,346","Jan 2, 2001"\r\nc,,\r\n');
  });

  it('names the columns a bar chart’s axes show by the axis titles', () => {
    const bars = spec(
      'bar',
      {},
      { x: 'origin', y: ['sum_delay'] },
      { xLabel: 'Origin', yLabel: 'Delay', numberFormat: 'compact' },
    );
    const csv = chartResultToCsv(bars, byOrigin, (name) => name.toUpperCase());
    expect(csv.split('\r\n').slice(0, 2)).toEqual(['Origin,Delay', 'SEA,120']);
  });

  it('guards formula-like titles, labels and texts, but not the numbers it formats', () => {
    const chart = spec(
      'table',
      {},
      { x: 'name', y: ['sum_delay'] },
      { numberFormat: 'integer', xLabel: '@SUM(A1)' },
    );
    const csv = chartResultToCsv(
      chart,
      result(
        [
          ['name', 'string'],
          ['sum_delay', 'number'],
          ['note', 'string'],
        ],
        [
          ['=HYPERLINK("http://x")', -1234.5, '+1'],
          ['b', '-2', null],
        ],
      ),
      (name) => (name === 'note' ? '-note' : name),
    );
    expect(parse(csv)).toEqual([
      ["'@SUM(A1)", 'sum_delay', "'-note"],
      [`'=HYPERLINK("http://x")`, '-1,235', "'+1"],
      // A text stays guarded in a number column: the guard follows the value, not the column.
      ['b', "'-2", ''],
    ]);
  });
});

describe('chart exports', () => {
  it('asks ECharts for a 2x PNG on a background', () => {
    const calls: unknown[] = [];
    const url = chartToPng({
      getDataURL: (options) => {
        calls.push(options);
        return 'data:image/png;base64,AAAA';
      },
    });
    expect(url).toBe('data:image/png;base64,AAAA');
    expect(calls).toEqual([{ type: 'png', pixelRatio: 2, backgroundColor: '#ffffff' }]);
  });

  it('names files after the chart title', () => {
    expect(exportFileName('Delay by airport (2001)', 'csv')).toBe('delay-by-airport-2001.csv');
    expect(exportFileName('  ', 'png')).toBe('chart.png');
  });
});
