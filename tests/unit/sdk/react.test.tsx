import { act, render } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { BrandboardChart, BrandboardDashboard } from '../../../sdk/src/react';

// The SDK's React wrappers: each renders its web component with the token's embed page in the
// iframe, and hands what the page tells to the props' callbacks (the latest ones); the
// dashboard's `filters` reach the page once it has loaded.

const BASE = 'https://acme.brandboard.example';

function frameIn(container: HTMLElement, tag: string): HTMLIFrameElement {
  const frame = container.querySelector(`${tag} iframe`);
  if (!(frame instanceof HTMLIFrameElement)) throw new Error(`no iframe in <${tag}>`);
  return frame;
}

function fromFrame(frame: HTMLIFrameElement, data: unknown) {
  act(() => {
    window.dispatchEvent(
      new MessageEvent('message', { data, origin: BASE, source: frame.contentWindow }),
    );
  });
}

const CLICK = { id: 4, name: 'Sales', field: 'region', value: 'North' };

describe('<BrandboardChart>', () => {
  it("opens the chart's embed page and calls back loaded and chart clicks", () => {
    const onLoaded = vi.fn();
    const onChartClicked = vi.fn();
    const { container } = render(
      <BrandboardChart
        baseUrl={BASE}
        token="aaa.bbb.ccc"
        title="Sales by region"
        onLoaded={onLoaded}
        onChartClicked={onChartClicked}
      />,
    );
    const frame = frameIn(container, 'brandboard-chart');
    expect(frame.src).toBe(`${BASE}/embed/charts/aaa.bbb.ccc`);
    expect(frame.title).toBe('Sales by region');
    fromFrame(frame, { brandboard: 1, type: 'loaded', height: 440 });
    expect(onLoaded).toHaveBeenCalledTimes(1);
    expect(frame.style.height).toBe('440px');
    fromFrame(frame, { brandboard: 1, type: 'chartClicked', chart: CLICK });
    expect(onChartClicked).toHaveBeenCalledWith(CLICK);
  });

  it('follows a new token and calls the latest callback only', () => {
    const first = vi.fn();
    const latest = vi.fn();
    const { container, rerender } = render(
      <BrandboardChart baseUrl={BASE} token="aaa.bbb.ccc" onChartClicked={first} />,
    );
    rerender(<BrandboardChart baseUrl={BASE} token="ddd.eee.fff" onChartClicked={latest} />);
    const frame = frameIn(container, 'brandboard-chart');
    expect(frame.src).toBe(`${BASE}/embed/charts/ddd.eee.fff`);
    fromFrame(frame, { brandboard: 1, type: 'chartClicked', chart: CLICK });
    expect(first).not.toHaveBeenCalled();
    expect(latest).toHaveBeenCalledWith(CLICK);
  });

  it('stops listening once unmounted', () => {
    const onChartClicked = vi.fn();
    const { container, unmount } = render(
      <BrandboardChart baseUrl={BASE} token="aaa.bbb.ccc" onChartClicked={onChartClicked} />,
    );
    const element = container.querySelector('brandboard-chart')!;
    unmount();
    element.dispatchEvent(new CustomEvent('brandboard-chart-clicked', { detail: CLICK }));
    expect(onChartClicked).not.toHaveBeenCalled();
  });
});

describe('<BrandboardDashboard>', () => {
  it("opens the dashboard's embed page, calls back its events and sends filters once loaded", () => {
    const onLoaded = vi.fn();
    const onFiltersChanged = vi.fn();
    const onChartClicked = vi.fn();
    const filters = [{ filterId: 'region', value: ['South'] }];
    const { container } = render(
      <BrandboardDashboard
        baseUrl={BASE}
        token="aaa.bbb.ccc"
        filters={filters}
        onLoaded={onLoaded}
        onFiltersChanged={onFiltersChanged}
        onChartClicked={onChartClicked}
      />,
    );
    const frame = frameIn(container, 'brandboard-dashboard');
    expect(frame.src).toBe(`${BASE}/embed/dashboards/aaa.bbb.ccc`);
    const post = vi.spyOn(frame.contentWindow!, 'postMessage');
    expect(post).not.toHaveBeenCalled();
    fromFrame(frame, { brandboard: 1, type: 'loaded', height: 640 });
    expect(onLoaded).toHaveBeenCalledTimes(1);
    expect(post).toHaveBeenCalledWith({ brandboard: 1, type: 'setFilters', filters }, BASE);
    const changed = [{ filterId: 'region', value: ['North'] }];
    fromFrame(frame, { brandboard: 1, type: 'filtersChanged', filters: changed });
    expect(onFiltersChanged).toHaveBeenCalledWith(changed);
    fromFrame(frame, { brandboard: 1, type: 'chartClicked', chart: CLICK });
    expect(onChartClicked).toHaveBeenCalledWith(CLICK);
  });
});
