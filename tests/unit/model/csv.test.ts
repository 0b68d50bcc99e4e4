import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { FormattedNumber, toCsv } from '../../../common/csv';

// The one CSV writer: RFC 4180 with CRLF, and a single quote before every text a spreadsheet
// would run as a formula, in the header as in the rows; numbers stay numbers.

const cellsOf = (csv: string) => parse(csv) as string[][];

describe('toCsv', () => {
  it.each(['=1+1', '+1', '-2', '@SUM(A1)', '\tcmd', '\rcmd'])(
    'guards a text starting with %j',
    (text) => {
      expect(cellsOf(toCsv([['head'], [text]]))[1]).toEqual([`'${text}`]);
    },
  );

  it('guards a header cell', () => {
    const csv = toCsv([
      ['=HYPERLINK("http://x")', 'plain'],
      ['a', 'b'],
    ]);
    expect(cellsOf(csv)[0]).toEqual([`'=HYPERLINK("http://x")`, 'plain']);
    expect(csv.split('\r\n')[0]).toBe(`"'=HYPERLINK(""http://x"")",plain`);
  });

  it('leaves those characters past the first alone, and guards their full-width forms', () => {
    expect(cellsOf(toCsv([['a=b', 'x-y', 'mail@x', '＝1']]))[0]).toEqual([
      'a=b',
      'x-y',
      'mail@x',
      "'＝1",
    ]);
  });

  it('quotes commas, quotes, line breaks and edge blanks, with CRLF between rows', () => {
    const csv = toCsv([
      ['name, full', 'said "hi"'],
      ['line\nbreak', ' padded'],
    ]);
    expect(csv).toBe('"name, full","said ""hi"""\r\n"line\nbreak"," padded"\r\n');
    expect(cellsOf(csv)).toEqual([
      ['name, full', 'said "hi"'],
      ['line\nbreak', ' padded'],
    ]);
  });

  it('writes numbers as they are, negative ones unguarded', () => {
    expect(toCsv([[-5, 0, 1.5, -0.25, 12n, -3n]])).toBe('-5,0,1.5,-0.25,12,-3\r\n');
  });

  it('writes a number as a chart formats it without the guard', () => {
    expect(toCsv([[new FormattedNumber('-1,234'), new FormattedNumber('12%')]])).toBe(
      '"-1,234",12%\r\n',
    );
  });

  it('writes null and undefined empty, booleans, dates as ISO instants and objects as JSON', () => {
    const date = new Date(Date.UTC(2024, 2, 1, 12, 30));
    expect(toCsv([[null, undefined, true, false, date, { x: 1 }, ['a', 'b']]])).toBe(
      ',,true,false,2024-03-01T12:30:00.000Z,"{""x"":1}","[""a"",""b""]"\r\n',
    );
  });

  it('writes nothing for no rows', () => {
    expect(toCsv([])).toBe('');
  });
});
