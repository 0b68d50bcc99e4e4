import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ReactElement } from 'react';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { AdminContext } from 'react-admin';
import { columnWidth, formatCell } from '../../../../src/ui/warehouse/cellFormat';
import { ResultsGrid, GRID_ROW_HEIGHT } from '../../../../src/ui/warehouse/ResultsGrid';
import { i18nProvider } from '../../../../src/ui/i18n/i18nProvider';

const renderInAdmin = (ui: ReactElement) =>
  render(<AdminContext i18nProvider={i18nProvider}>{ui}</AdminContext>);

// jsdom has no layout, so the grid's scroll area is given the size a browser would compute
// (400 px high) through clientHeight/clientWidth, which the virtualiser reads.
const VIEWPORT = 400;
let restore: () => void;
beforeEach(() => {
  const height = Object.getOwnPropertyDescriptor(Element.prototype, 'clientHeight');
  const width = Object.getOwnPropertyDescriptor(Element.prototype, 'clientWidth');
  Object.defineProperty(Element.prototype, 'clientHeight', {
    configurable: true,
    get: () => VIEWPORT,
  });
  Object.defineProperty(Element.prototype, 'clientWidth', { configurable: true, get: () => 800 });
  restore = () => {
    Object.defineProperty(Element.prototype, 'clientHeight', height!);
    Object.defineProperty(Element.prototype, 'clientWidth', width!);
  };
});
afterEach(() => restore());

const columns = [
  { name: 'id', type: 'BIGINT' },
  { name: 'city', type: 'VARCHAR' },
  { name: 'delay', type: 'DOUBLE' },
];
const rows = Array.from({ length: 10_000 }, (_, index) => [
  index,
  `City ${index}`,
  index % 7 === 0 ? null : index / 10,
]);

function bodyRows() {
  return within(screen.getByRole('grid')).getAllByRole('row').slice(1); // without the header
}

describe('ResultsGrid', () => {
  it('renders only the rows in view for 10,000 rows and follows the scroll', () => {
    renderInAdmin(<ResultsGrid columns={columns} rows={rows} height={VIEWPORT} />);
    const grid = screen.getByRole('grid', { name: 'Results' });
    expect(grid).toHaveAttribute('aria-rowcount', '10001');
    const visible = Math.ceil(VIEWPORT / GRID_ROW_HEIGHT);
    const first = bodyRows();
    expect(first.length).toBeGreaterThanOrEqual(visible);
    expect(first.length).toBeLessThan(40);
    expect(within(first[0]).getAllByRole('gridcell')[1]).toHaveTextContent('City 0');

    grid.scrollTop = 5000 * GRID_ROW_HEIGHT;
    fireEvent.scroll(grid);
    const after = bodyRows();
    expect(after.length).toBeLessThan(40);
    const shown = after.map((row) => Number(row.getAttribute('aria-rowindex')) - 2);
    expect(shown).toContain(5000);
    expect(shown).not.toContain(0);
    expect(screen.getByText('City 5005')).toBeInTheDocument();
  });

  it('right-aligns numbers and shows null dimmed', () => {
    renderInAdmin(<ResultsGrid columns={columns} rows={rows.slice(0, 3)} height={VIEWPORT} />);
    const [header, firstRow, secondRow] = within(screen.getByRole('grid')).getAllByRole('row');
    const headers = within(header).getAllByRole('columnheader');
    expect(headers[0]).toHaveStyle({ textAlign: 'right' });
    expect(headers[1]).toHaveStyle({ textAlign: 'left' });
    const nullCell = within(firstRow).getAllByRole('gridcell')[2];
    expect(nullCell).toHaveTextContent('NULL');
    expect(nullCell).toHaveAttribute('data-null', 'true');
    expect(nullCell).toHaveStyle({ fontStyle: 'italic' });
    const numberCell = within(secondRow).getAllByRole('gridcell')[2];
    expect(numberCell).toHaveTextContent('0.1');
    expect(numberCell).toHaveStyle({ textAlign: 'right' });
    expect(numberCell).not.toHaveAttribute('data-null');
  });
});

describe('columnWidth', () => {
  it('makes room for the longest sample value, within the bounds', () => {
    const narrow = columnWidth('date', 'TIMESTAMP');
    const fitted = columnWidth('date', 'TIMESTAMP', ['2001-01-01T00:01:00.000Z', null]);
    expect(fitted).toBeGreaterThan(narrow);
    expect(fitted).toBe('2001-01-01 00:01:00'.length * 8 + 32);
    expect(columnWidth('notes', 'VARCHAR', ['x'.repeat(500)])).toBe(320);
  });
});

describe('formatCell', () => {
  it('drops binary noise from doubles and keeps every real digit', () => {
    expect(formatCell(0.1 + 0.2)).toBe('0.3');
    expect(formatCell(7.123456789012)).toBe('7.123456789012');
    expect(formatCell(-1234567.25, {}, 'en')).toBe('-1,234,567.25');
    expect(formatCell(9007199254740993n, {}, 'en')).toBe('9,007,199,254,740,993');
    expect(formatCell(Number.NaN)).toBe('NaN');
    expect(formatCell(-Infinity)).toBe('-Infinity');
    expect(formatCell(3)).toBe('3');
  });
});

describe('formatCell by type', () => {
  it("groups numbers in the reader's locale, but not ids and years", () => {
    expect(formatCell(1234567, { name: 'flights', type: 'BIGINT' }, 'en')).toBe('1,234,567');
    expect(formatCell(1234567.5, { name: 'total', type: 'DOUBLE' }, 'de')).toBe('1.234.567,5');
    expect(formatCell('12345678901234567890', { name: 'big', type: 'HUGEINT' }, 'en')).toBe(
      '12,345,678,901,234,567,890',
    );
    expect(formatCell(1234, { name: 'id', type: 'INTEGER' }, 'en')).toBe('1234');
    expect(formatCell(2024, { name: 'year', type: 'INTEGER' }, 'en')).toBe('2024');
    expect(formatCell(2024, { name: 'flight_id', type: 'INTEGER' }, 'en')).toBe('2024');
  });

  it('shows years of any spelling of a year column without grouping, other numbers grouped', () => {
    for (const name of ['Year', 'Release Year', 'release_year', 'releaseYear', 'FY']) {
      expect(formatCell(1996, { name, type: 'BIGINT' }, 'en'), name).toBe('1996');
    }
    expect(formatCell(1996n, { name: 'Year', type: 'BIGINT' }, 'en')).toBe('1996');
    expect(formatCell(123456, { name: 'sales_year_total', type: 'BIGINT' }, 'en')).toBe('123,456');
    expect(formatCell(1996, { name: 'Order ID', type: 'BIGINT' }, 'en')).toBe('1996');
    expect(formatCell(1996, { name: 'orderId', type: 'BIGINT' }, 'en')).toBe('1996');
    expect(formatCell(1996, { name: 'Paid', type: 'BIGINT' }, 'en')).toBe('1,996');
  });

  it('shows sums of doubles without their binary noise', () => {
    expect(formatCell(437608.542000001, { name: 'total', type: 'DOUBLE' }, 'en')).toBe(
      '437,608.542',
    );
    expect(formatCell(0.1 + 0.2, { type: 'DOUBLE' }, 'en')).toBe('0.3');
    expect(formatCell(1207.84, { type: 'DOUBLE' }, 'en')).toBe('1,207.84');
    expect(formatCell(0.000123456789, { type: 'DOUBLE' }, 'en')).toBe('0.000123456789');
  });

  it('shows timestamps readably and dates as they are', () => {
    const timestamp = { name: 'at', type: 'TIMESTAMP' };
    expect(formatCell('2024-03-05T14:07:09.000Z', timestamp)).toBe('2024-03-05 14:07:09');
    expect(formatCell('2024-03-05T14:07:09.250Z', timestamp)).toBe('2024-03-05 14:07:09.25');
    expect(formatCell('2024-03-05', { name: 'day', type: 'DATE' })).toBe('2024-03-05');
    expect(formatCell(new Date('2024-03-05T00:00:00Z'))).toBe('2024-03-05 00:00:00');
    // Text that only looks like a timestamp stays as written in a text column.
    expect(formatCell('2024-03-05T14:07:09.000Z', { type: 'VARCHAR' })).toBe(
      '2024-03-05T14:07:09.000Z',
    );
  });

  it('shows binary data as its size, not its bytes', () => {
    expect(formatCell('\\x0001ff', { name: 'b', type: 'BLOB' })).toBe('<binary 3 bytes>');
    expect(formatCell('\\x00', { name: 'b', type: 'bytea' })).toBe('<binary 1 byte>');
    expect(formatCell('\\xcafe', { name: 'note', type: 'VARCHAR' })).toBe('\\xcafe');
  });

  it('keeps text, booleans and nested values readable', () => {
    expect(formatCell('ORD', { type: 'VARCHAR' })).toBe('ORD');
    expect(formatCell(true)).toBe('true');
    expect(formatCell({ a: [1, 2] })).toBe('{"a":[1,2]}');
    expect(formatCell(null)).toBe('');
  });
});
