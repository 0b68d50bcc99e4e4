import '../../support/dashboardBrowserApis';
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { ChartTile } from '../../../../src/ui/dashboard/ChartTile';
import { countChart } from '../../support/dashboardFixtures';
import { renderInAdmin } from '../../support/renderInAdmin';

// A chart tile's heading is the name the chart was saved under, not the title the builder
// generated from its query ("Count by origin").

describe('a chart tile', () => {
  it("is headed by the saved chart's name", async () => {
    const chart = countChart(11, 'Departures per airport', 7, 'origin');
    chart.spec.title = 'Count by origin';
    renderInAdmin(
      <ChartTile
        tileId="a"
        chart={chart}
        chartsLoading={false}
        data={{ loading: true }}
        editing={false}
        onRemove={() => undefined}
      />,
    );
    expect(
      await screen.findByRole('heading', { name: 'Departures per airport', level: 2 }),
    ).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Count by origin' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Actions of Departures per airport' })).toBeTruthy();
  });
});
