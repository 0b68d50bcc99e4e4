import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { defineBrandboardChart, type BrandboardChartElement } from '../../../sdk/src/index';
import { BASE, fromFrame, fromOwnWindow, mountElement, recordEvents } from './embedElementFixture';

// <brandboard-chart>: an iframe on the chart's embed page, sized by the page's messages, with
// events for loaded and chart clicks; a chart has no filters, and nothing is taken from any
// other window or origin.

const mount = (token?: string) => mountElement<BrandboardChartElement>('brandboard-chart', token);

beforeAll(() => defineBrandboardChart());
afterEach(() => document.body.replaceChildren());

describe('<brandboard-chart>', () => {
  it('opens the chart embed page of its token, and follows a new token', () => {
    const { element, frame } = mount('aaa.bbb.ccc');
    expect(frame.src).toBe(`${BASE}/embed/charts/aaa.bbb.ccc`);
    expect(frame.title).toBe('Chart');
    element.setAttribute('token', 'ddd.eee.fff');
    expect(frame.src).toBe(`${BASE}/embed/charts/ddd.eee.fff`);
  });

  it('sizes the iframe and tells loaded and chart clicks as events, no filter changes', () => {
    const { element, frame } = mount();
    const seen = recordEvents(element);
    fromFrame(frame, { brandboard: 1, type: 'loaded', height: 432.5 });
    expect(frame.style.height).toBe('433px');
    fromFrame(frame, { brandboard: 1, type: 'resized', height: 80 });
    expect(frame.style.height).toBe('200px');
    fromFrame(frame, { brandboard: 1, type: 'filtersChanged', filters: [] });
    const chart = { id: 4, name: 'Sales', field: 'region', value: 'North' };
    fromFrame(frame, { brandboard: 1, type: 'chartClicked', chart });
    expect(seen).toEqual([
      ['brandboard-loaded', {}],
      ['brandboard-chart-clicked', chart],
    ]);
    expect('setFilters' in element).toBe(false);
  });

  it('ignores messages from another origin, another window, or not of Brandboard', () => {
    const { element, frame } = mount();
    const loaded = vi.fn();
    element.addEventListener('brandboard-loaded', loaded);
    fromFrame(frame, { brandboard: 1, type: 'loaded', height: 900 }, 'https://evil.example');
    fromFrame(frame, { type: 'loaded', height: 900 });
    fromOwnWindow({ brandboard: 1, type: 'loaded', height: 900 });
    expect(loaded).not.toHaveBeenCalled();
    expect(frame.style.height).toBe('200px');
  });
});
