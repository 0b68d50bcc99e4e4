import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { defineBrandboardDashboard, type BrandboardDashboardElement } from '../../../sdk/src/index';
import { BASE, fromFrame, fromOwnWindow, mountElement, recordEvents } from './embedElementFixture';

// <brandboard-dashboard>: an iframe on the dashboard's embed page, sized by the page's
// messages, events for what the page tells, filters sent to the page once it has loaded, and
// nothing taken from any other window or origin.

const mount = (token?: string) =>
  mountElement<BrandboardDashboardElement>('brandboard-dashboard', token);

beforeAll(() => defineBrandboardDashboard());
afterEach(() => document.body.replaceChildren());

describe('<brandboard-dashboard>', () => {
  it('opens the embed page of its token', () => {
    const { frame } = mount('aaa.bbb.ccc');
    expect(frame.src).toBe(`${BASE}/embed/dashboards/aaa.bbb.ccc`);
  });

  it('sizes the iframe and tells loaded, filter changes and chart clicks as events', () => {
    const { element, frame } = mount();
    const seen = recordEvents(element);
    fromFrame(frame, { brandboard: 1, type: 'loaded', height: 640 });
    expect(frame.style.height).toBe('640px');
    const filters = [{ filterId: 'region', value: ['North'] }];
    fromFrame(frame, { brandboard: 1, type: 'filtersChanged', filters });
    const chart = { id: 4, name: 'Sales', field: 'region', value: 'North' };
    fromFrame(frame, { brandboard: 1, type: 'chartClicked', chart });
    expect(seen).toEqual([
      ['brandboard-loaded', {}],
      ['brandboard-filters-changed', filters],
      ['brandboard-chart-clicked', chart],
    ]);
  });

  it('ignores messages from another origin or another window', () => {
    const { element, frame } = mount();
    const loaded = vi.fn();
    element.addEventListener('brandboard-loaded', loaded);
    fromFrame(frame, { brandboard: 1, type: 'loaded', height: 900 }, 'https://evil.example');
    fromOwnWindow({ brandboard: 1, type: 'loaded', height: 900 });
    expect(loaded).not.toHaveBeenCalled();
    expect(frame.style.height).toBe('200px');
  });

  it('sends filters to the page at its origin, once the page has loaded', () => {
    const { element, frame } = mount();
    const post = vi.spyOn(frame.contentWindow!, 'postMessage');
    const filters = [{ filterId: 'region', value: ['South'] }];
    element.setFilters(filters);
    expect(post).not.toHaveBeenCalled();
    fromFrame(frame, { brandboard: 1, type: 'loaded', height: 300 });
    expect(post).toHaveBeenCalledWith({ brandboard: 1, type: 'setFilters', filters }, BASE);
  });
});
