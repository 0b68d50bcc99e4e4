import { describe, expect, it } from 'vitest';
import type { ReactElement } from 'react';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext } from 'react-admin';
import { Chart } from '../../../../src/ui/charts/Chart';
import { i18nProvider } from '../../../../src/ui/i18n/i18nProvider';
import { chartResultToCsv } from '../../../../src/ui/charts/exporters';
import { result, spec } from '../../support/chartFixtures';

// The pivot renderer with the keyboard: a group folds and opens from its button (Enter),
// a header sorts the rows under each group (Enter again reverses), totals stay last.

const renderInAdmin = (ui: ReactElement) =>
  render(<AdminContext i18nProvider={i18nProvider}>{ui}</AdminContext>);

// origin, carrier down; year across; the sum of delay, with every grouping set's row.
const answer = result(
  [
    ['origin', 'string'],
    ['carrier', 'string'],
    ['year', 'number'],
    ['sum_delay', 'number'],
    ['__grouping', 'number'],
  ],
  [
    ['SEA', 'AS', 2023, 10, 0],
    ['SEA', 'AS', 2024, 20, 0],
    ['SEA', 'DL', 2024, 5, 0],
    ['BOS', 'B6', 2023, 40, 0],
    ['SEA', 'AS', null, 30, 1],
    ['SEA', 'DL', null, 5, 1],
    ['BOS', 'B6', null, 40, 1],
    ['SEA', null, 2023, 10, 2],
    ['SEA', null, 2024, 25, 2],
    ['BOS', null, 2023, 40, 2],
    ['SEA', null, null, 35, 3],
    ['BOS', null, null, 40, 3],
    [null, null, 2023, 50, 6],
    [null, null, 2024, 25, 6],
    [null, null, null, 75, 7],
  ],
);

const pivotSpec = spec(
  'pivot',
  {
    dimensions: [{ field: 'origin' }, { field: 'carrier' }, { field: 'year' }],
    measures: [{ field: 'delay', agg: 'sum' }],
  },
  {},
  { pivot: { columns: ['year'], totals: true, subtotals: true, colorScale: true } },
);

/** Each body row's label and cells as shown. */
function bodyRows(): string[][] {
  const table = screen.getByRole('table');
  const [, ...rows] = within(table).getAllByRole('row');
  return rows.map((row) =>
    Array.from(row.querySelectorAll('th, td')).map((cell) => cell.textContent ?? ''),
  );
}

describe('<Chart> pivot', () => {
  it('shows groups with subtotals, cells and the total, the year headers as written', () => {
    renderInAdmin(<Chart spec={pivotSpec} result={answer} height={400} />);
    const table = screen.getByRole('table');
    expect(table.closest('[data-chart-state]')?.getAttribute('data-chart-state')).toBe('drawn');
    expect(within(table).getByRole('columnheader', { name: /2023/ })).toBeInTheDocument();
    expect(bodyRows()).toEqual([
      ['BOS', '40', '', '40'],
      ['B6', '40', '', '40'],
      ['SEA', '10', '25', '35'],
      ['AS', '10', '20', '30'],
      ['DL', '', '5', '5'],
      ['Total', '50', '25', '75'],
    ]);
  });

  it('folds and opens a group, and all groups, with the keyboard', async () => {
    const user = userEvent.setup();
    renderInAdmin(<Chart spec={pivotSpec} result={answer} height={400} />);
    const fold = screen.getByRole('button', { name: 'Collapse SEA' });
    expect(fold).toHaveAttribute('aria-expanded', 'true');
    fold.focus();
    await user.keyboard('{Enter}');
    expect(bodyRows().map((row) => row[0])).toEqual(['BOS', 'B6', 'SEA', 'Total']);
    const open = screen.getByRole('button', { name: 'Expand SEA' });
    expect(open).toHaveAttribute('aria-expanded', 'false');
    expect(open).toHaveFocus();
    await user.keyboard(' ');
    expect(bodyRows().map((row) => row[0])).toEqual(['BOS', 'B6', 'SEA', 'AS', 'DL', 'Total']);
    screen.getByRole('button', { name: 'Collapse all groups' }).focus();
    await user.keyboard('{Enter}');
    expect(bodyRows().map((row) => row[0])).toEqual(['BOS', 'SEA', 'Total']);
    expect(screen.getByRole('button', { name: 'Expand all groups' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(bodyRows()).toHaveLength(6);
  });

  it('sorts the rows of every group by a column header from the keyboard', async () => {
    const user = userEvent.setup();
    renderInAdmin(<Chart spec={pivotSpec} result={answer} height={400} />);
    const total = screen.getByRole('button', { name: 'Total' });
    total.focus();
    await user.keyboard('{Enter}');
    expect(total.closest('th')).toHaveAttribute('aria-sort', 'ascending');
    expect(bodyRows().map((row) => row[0])).toEqual(['SEA', 'DL', 'AS', 'BOS', 'B6', 'Total']);
    await user.keyboard('{Enter}');
    expect(total.closest('th')).toHaveAttribute('aria-sort', 'descending');
    expect(bodyRows().map((row) => row[0])).toEqual(['BOS', 'B6', 'SEA', 'AS', 'DL', 'Total']);
  });

  it('heads a date dimension in its grain when the chart names no date format', () => {
    const quarters = result(
      [
        ['origin', 'string'],
        ['date', 'date'],
        ['count', 'number'],
        ['__grouping', 'number'],
      ],
      [
        ['SEA', '2024-04-01', 3, 0],
        ['SEA', null, 3, 1],
      ],
    );
    const byQuarter = spec(
      'pivot',
      {
        dimensions: [{ field: 'origin' }, { field: 'date', grain: 'quarter' }],
        measures: [{ field: '*', agg: 'count' }],
      },
      {},
      { pivot: { columns: ['date'], totals: false, subtotals: false, colorScale: false } },
    );
    renderInAdmin(<Chart spec={byQuarter} result={quarters} height={300} />);
    expect(screen.getByRole('columnheader', { name: 'Q2 2024' })).toBeInTheDocument();
  });

  it('exports its layout to CSV with the chart’s words', () => {
    const csv = chartResultToCsv(
      pivotSpec,
      answer,
      (column) => column,
      (key, options) => i18nProvider.translate(key, options),
    );
    expect(csv.trim().split(/\r?\n/)).toEqual([
      'origin,carrier,2023,2024,Total',
      'BOS,,40,,40',
      'BOS,B6,40,,40',
      'SEA,,10,25,35',
      'SEA,AS,10,20,30',
      'SEA,DL,,5,5',
      'Total,,50,25,75',
    ]);
  });
});
