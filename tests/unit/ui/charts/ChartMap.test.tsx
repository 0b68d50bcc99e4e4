import { describe, expect, it } from 'vitest';
import type { ReactElement } from 'react';
import { render, screen } from '@testing-library/react';
import { AdminContext } from 'react-admin';
import { Chart } from '../../../../src/ui/charts/Chart';
import { i18nProvider } from '../../../../src/ui/i18n/i18nProvider';
import { result, spec } from '../../support/chartFixtures';

// <Chart> of a map: it waits for the boundaries (loaded on demand), then says which values
// are not on the map, or why it draws nothing.

const renderInAdmin = (ui: ReactElement) =>
  render(<AdminContext i18nProvider={i18nProvider}>{ui}</AdminContext>);

const stateOf = (element: HTMLElement) =>
  element.closest('[data-chart-state]')?.getAttribute('data-chart-state');

const counting = (field: string) => ({
  dimensions: [{ field }],
  measures: [{ field: '*', agg: 'count' as const }],
});

const byState = result(
  [
    ['state', 'string'],
    ['count', 'number'],
  ],
  [
    ['CA', 3],
    ['Narnia', 1],
  ],
);

describe('<Chart> maps', () => {
  it('loads the map, then lists the values that are on no region', async () => {
    renderInAdmin(<Chart spec={spec('regionMap', counting('state'))} result={byState} />);
    expect(stateOf(screen.getByText('Loading the map…'))).toBe('loading');
    expect(await screen.findByText('Not on the map: Narnia')).toBeInTheDocument();
  });

  it('says so when no value names a country or a state', async () => {
    const colours = result(
      [
        ['colour', 'string'],
        ['count', 'number'],
      ],
      [
        ['red', 1],
        ['blue', 2],
      ],
    );
    renderInAdmin(<Chart spec={spec('regionMap', counting('colour'))} result={colours} />);
    const message = await screen.findByText(
      'None of these values names a country or a US state: red, blue',
    );
    expect(stateOf(message)).toBe('incomplete');
  });

  it('says what a point map needs without coordinates', async () => {
    const cities = result(
      [
        ['city', 'string'],
        ['count', 'number'],
      ],
      [['Paris', 1]],
    );
    renderInAdmin(<Chart spec={spec('pointMap', counting('city'))} result={cities} />);
    const message = await screen.findByText(
      'A point map needs a latitude and a longitude field among its dimensions.',
    );
    expect(stateOf(message)).toBe('incomplete');
  });
});
