import { BrandboardFrameElement } from './frameElement.js';

// <brandboard-chart base-url="https://acme.brandboard.example" token="…">: one embedded saved
// chart, signed with a chart token (`chartId`). It does what every embed element does
// (frameElement.ts): sizes its iframe to the chart and tells `brandboard-loaded` and
// `brandboard-chart-clicked`. A chart has no filters to set: the token's locked values hold.

export class BrandboardChartElement extends BrandboardFrameElement {
  protected readonly embedPath = 'charts';

  constructor() {
    super('Chart');
  }
}

/** Defines <brandboard-chart> once (safe to call again). */
export function defineBrandboardChart(name = 'brandboard-chart'): void {
  if (!customElements.get(name)) customElements.define(name, BrandboardChartElement);
}
