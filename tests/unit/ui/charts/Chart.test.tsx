import { describe, expect, it } from 'vitest';
import type { ReactElement } from 'react';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { AdminContext } from 'react-admin';
import { Chart } from '../../../../src/ui/charts/Chart';
import { i18nProvider } from '../../../../src/ui/i18n/i18nProvider';
import { byOrigin, emptyByOrigin, result, spec } from '../../support/chartFixtures';

const renderInAdmin = (ui: ReactElement) =>
  render(<AdminContext i18nProvider={i18nProvider}>{ui}</AdminContext>);

const stateOf = (element: HTMLElement) =>
  element.closest('[data-chart-state]')?.getAttribute('data-chart-state');

describe('<Chart> states', () => {
  it('says there is no data for these filters when the result is empty', () => {
    renderInAdmin(<Chart spec={spec('column')} result={emptyByOrigin} />);
    const message = screen.getByText('No data for these filters');
    expect(stateOf(message)).toBe('empty');
  });

  it('says what went wrong when the query failed', () => {
    renderInAdmin(
      <Chart spec={spec('line')} result={byOrigin} error={{ message: 'Column "x" not found' }} />,
    );
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('The chart could not be drawn: Column "x" not found');
    expect(alert.getAttribute('data-chart-state')).toBe('error');
  });

  it('shows an error given as text, and a generic one without a message', () => {
    const { unmount } = renderInAdmin(<Chart spec={spec('pie')} error="timeout" />);
    expect(screen.getByRole('alert')).toHaveTextContent('The chart could not be drawn: timeout');
    unmount();
    renderInAdmin(<Chart spec={spec('pie')} error={{}} />);
    expect(screen.getByRole('alert')).toHaveTextContent('unknown error');
  });

  it('is loading until a result arrives', () => {
    renderInAdmin(<Chart spec={spec('bar')} loading />);
    expect(stateOf(screen.getByText('Loading the chart…'))).toBe('loading');
  });

  it('says what a chart without a measure needs', () => {
    const data = result([['origin', 'string']], [['SEA']]);
    renderInAdmin(<Chart spec={spec('column', { measures: [] })} result={data} />);
    expect(stateOf(screen.getByText(/needs a dimension and a measure/))).toBe('incomplete');
  });
});

describe('<Chart> table', () => {
  const many = result(
    [
      ['origin', 'string'],
      ['sum_delay', 'number'],
    ],
    Array.from({ length: 30 }, (_, i) => [`A${String(i).padStart(2, '0')}`, i * 10]),
  );

  it('labels measures, sorts by a clicked header and pages', () => {
    renderInAdmin(<Chart spec={spec('table')} result={many} height={400} />);
    const table = screen.getByRole('table');
    expect(stateOf(table)).toBe('drawn');
    expect(within(table).getByText('Sum of delay')).toBeInTheDocument();
    const firstCell = () => within(table).getAllByRole('row')[1].querySelector('td')!.textContent;
    expect(firstCell()).toBe('A00');
    expect(within(table).getAllByRole('row')).toHaveLength(26);
    fireEvent.click(within(table).getByText('Sum of delay'));
    expect(firstCell()).toBe('A00');
    fireEvent.click(within(table).getByText('Sum of delay'));
    expect(firstCell()).toBe('A29');
    expect(screen.getByText('1–25 of 30')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /next page/i }));
    expect(screen.getByText('26–30 of 30')).toBeInTheDocument();
    expect(firstCell()).toBe('A04');
  });
});

describe('<Chart> kpi', () => {
  const monthly = result(
    [
      ['date', 'date'],
      ['sum_delay', 'number'],
    ],
    [
      ['2001-01-01', 200],
      ['2001-02-01', 150],
    ],
  );
  const kpi = spec('kpi', { dimensions: [{ field: 'date', grain: 'month' }] });

  it('shows the last period big with its change against the previous one', () => {
    renderInAdmin(<Chart spec={kpi} result={monthly} />);
    expect(screen.getByTestId('kpi-value')).toHaveTextContent('150');
    expect(screen.getByTestId('kpi-change')).toHaveTextContent('-25% vs previous period');
    expect(screen.getByRole('img', { name: 'Down' })).toHaveTextContent('▼');
    expect(stateOf(screen.getByTestId('kpi-value'))).toBe('drawn');
  });

  it('shows an unchanged value without an arrow', () => {
    renderInAdmin(
      <Chart spec={kpi} result={{ ...monthly, rows: [monthly.rows[0], monthly.rows[0]] }} />,
    );
    expect(screen.getByTestId('kpi-change')).toHaveTextContent(/^0% vs previous period$/);
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('says there is nothing to compare with for one period', () => {
    renderInAdmin(<Chart spec={kpi} result={{ ...monthly, rows: [monthly.rows[0]] }} />);
    expect(screen.getByTestId('kpi-value')).toHaveTextContent('200');
    expect(screen.getByText('No previous period to compare with')).toBeInTheDocument();
  });
});
