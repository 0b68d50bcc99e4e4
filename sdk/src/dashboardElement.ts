import { BrandboardFrameElement } from './frameElement.js';
import { setFiltersMessage, type EmbedMessage, type FilterValue } from './messages.js';

// <brandboard-dashboard base-url="https://acme.brandboard.example" token="…">: an embedded
// Brandboard dashboard. Beyond what every embed element does (frameElement.ts), it passes
// filter values in (setFilters) and tells `brandboard-filters-changed` (detail: the values).

export class BrandboardDashboardElement extends BrandboardFrameElement {
  protected readonly embedPath = 'dashboards';
  #pending: FilterValue[] | null = null;

  constructor() {
    super('Dashboard');
  }

  /** Sets values of the dashboard's filters (those the token lets the viewer change). */
  setFilters(filters: FilterValue[]): void {
    if (!this.loaded) {
      this.#pending = filters;
      return;
    }
    this.frame.contentWindow?.postMessage(setFiltersMessage(filters), this.origin ?? 'null');
  }

  protected override onPageLoaded(): void {
    if (this.#pending) this.setFilters(this.#pending);
    this.#pending = null;
  }

  protected override onPageMessage(message: EmbedMessage): void {
    if (message.type === 'filtersChanged') {
      this.emit('brandboard-filters-changed', message.filters ?? []);
    }
  }
}

/** Defines <brandboard-dashboard> once (safe to call again). */
export function defineBrandboardDashboard(name = 'brandboard-dashboard'): void {
  if (!customElements.get(name)) customElements.define(name, BrandboardDashboardElement);
}
