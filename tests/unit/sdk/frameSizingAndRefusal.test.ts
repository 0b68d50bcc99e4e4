import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  defineBrandboardChart,
  defineBrandboardDashboard,
  type BrandboardChartElement,
} from '../../../sdk/src/index';
import { fromFrame, mountElement } from './embedElementFixture';

// The host's height on an SDK element is kept (the frame fills it and the page scrolls inside),
// and a token that cannot be framed on this page is said in words, in place of a grey frame.

/** An unsigned token whose payload reads as `claims` (the SDK reads, the server verifies). */
const tokenWith = (claims: object) =>
  `h.${btoa(JSON.stringify(claims)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_')}.s`;

beforeAll(() => {
  defineBrandboardChart();
  defineBrandboardDashboard();
});
afterEach(() => document.body.replaceChildren());

describe('a host-set height', () => {
  it('is kept: the frame fills it whatever height the page reports', () => {
    const element = document.createElement('brandboard-dashboard');
    element.style.height = '320px';
    element.setAttribute('base-url', 'https://acme.brandboard.example');
    element.setAttribute('token', 'h.p.s');
    document.body.append(element);
    const frame = element.querySelector('iframe')!;
    fromFrame(frame, { brandboard: 1, type: 'loaded', height: 2400 });
    expect(element.style.height).toBe('320px');
    expect(element.style.display).toBe('block');
    expect(frame.style.height).toBe('100%');
  });

  it('may be given as a height attribute in pixels', () => {
    const element = document.createElement('brandboard-chart');
    element.setAttribute('height', '250');
    element.setAttribute('base-url', 'https://acme.brandboard.example');
    element.setAttribute('token', 'h.p.s');
    document.body.append(element);
    const frame = element.querySelector('iframe')!;
    fromFrame(frame, { brandboard: 1, type: 'resized', height: 900 });
    expect(element.style.height).toBe('250px');
    expect(frame.style.height).toBe('100%');
  });
});

describe('a token that cannot be framed here', () => {
  it('without origins: says so and tells brandboard-error, with no frame', () => {
    const errors: unknown[] = [];
    document.addEventListener('brandboard-error', (event) =>
      errors.push((event as CustomEvent).detail),
    );
    const { element } = mountElement<BrandboardChartElement>(
      'brandboard-chart',
      tokenWith({ chartId: 4 }),
    );
    expect(element.querySelector('iframe')).toBeNull();
    const notice = element.querySelector('[role="alert"]')!;
    expect(notice.textContent).toContain('its embed token names no origins');
    expect(notice.textContent).toContain(window.location.origin);
    expect(errors).toEqual([{ reason: notice.textContent }]);
  });

  it('naming other origins only: says this page is not among them', () => {
    const { element } = mountElement<BrandboardChartElement>(
      'brandboard-chart',
      tokenWith({ chartId: 4, origins: ['https://elsewhere.example'] }),
    );
    expect(element.querySelector('iframe')).toBeNull();
    expect(element.textContent).toContain(`does not allow ${window.location.origin}`);
  });

  it('naming this page: the frame opens', () => {
    const token = tokenWith({ chartId: 4, origins: [window.location.origin] });
    const { element, frame } = mountElement<BrandboardChartElement>('brandboard-chart', token);
    expect(frame.src).toContain(`/embed/charts/${token}`);
    expect(element.querySelector('[role="alert"]')).toBeNull();
  });
});
