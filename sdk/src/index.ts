import { isDashboardMessage, type FilterValue } from './messages.js';

export type { ChartClick, FilterValue } from './messages.js';

// <brandboard-dashboard base-url="https://acme.brandboard.example" token="…">: an embedded
// Brandboard dashboard. It sizes its iframe to the dashboard, passes filter values in
// (setFilters) and tells what happens as DOM events: `brandboard-loaded`,
// `brandboard-filters-changed` (detail: the filter values) and `brandboard-chart-clicked`
// (detail: the chart and the value clicked). Messages are taken only from its own iframe at
// the dashboard's origin, and sent only there.

const MIN_HEIGHT = 200;

export class BrandboardDashboardElement extends HTMLElement {
  static observedAttributes = ['base-url', 'token'];
  readonly #frame: HTMLIFrameElement;
  #origin: string | null = null;
  #pending: FilterValue[] | null = null;
  #loaded = false;

  constructor() {
    super();
    this.#frame = document.createElement('iframe');
    this.#frame.setAttribute('title', this.getAttribute('title') ?? 'Dashboard');
    this.#frame.style.cssText = `border:0;width:100%;height:${MIN_HEIGHT}px;display:block`;
    this.#frame.setAttribute('sandbox', 'allow-scripts allow-same-origin allow-popups');
  }

  connectedCallback(): void {
    if (!this.#frame.isConnected) this.append(this.#frame);
    window.addEventListener('message', this.#onMessage);
    this.#load();
  }

  disconnectedCallback(): void {
    window.removeEventListener('message', this.#onMessage);
  }

  attributeChangedCallback(): void {
    if (this.isConnected) this.#load();
  }

  /** Sets values of the dashboard's filters (those the token lets the viewer change). */
  setFilters(filters: FilterValue[]): void {
    if (!this.#loaded) {
      this.#pending = filters;
      return;
    }
    this.#frame.contentWindow?.postMessage(
      { brandboard: 1, type: 'setFilters', filters },
      this.#origin ?? 'null',
    );
  }

  #load(): void {
    const base = this.getAttribute('base-url');
    const token = this.getAttribute('token');
    if (!base || !token) return;
    const url = new URL(`/embed/dashboards/${token}`, base);
    if (this.#frame.src === url.href) return;
    this.#origin = url.origin;
    this.#loaded = false;
    this.#frame.src = url.href;
  }

  readonly #onMessage = (event: MessageEvent): void => {
    if (event.source !== this.#frame.contentWindow || event.origin !== this.#origin) return;
    if (!isDashboardMessage(event.data)) return;
    const message = event.data;
    if (message.height !== undefined && Number.isFinite(message.height)) {
      this.#frame.style.height = `${Math.max(MIN_HEIGHT, Math.ceil(message.height))}px`;
    }
    if (message.type === 'loaded') {
      this.#loaded = true;
      this.#emit('brandboard-loaded', {});
      if (this.#pending) this.setFilters(this.#pending);
      this.#pending = null;
    } else if (message.type === 'filtersChanged') {
      this.#emit('brandboard-filters-changed', message.filters ?? []);
    } else if (message.type === 'chartClicked') {
      this.#emit('brandboard-chart-clicked', message.chart);
    }
  };

  #emit(type: string, detail: unknown): void {
    this.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true }));
  }
}

/** Defines <brandboard-dashboard> once (safe to call again). */
export function defineBrandboardDashboard(name = 'brandboard-dashboard'): void {
  if (!customElements.get(name)) customElements.define(name, BrandboardDashboardElement);
}
