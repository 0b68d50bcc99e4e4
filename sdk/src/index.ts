// The browser side of the SDK: <brandboard-dashboard> (a dashboard, signed with `dashboardId`)
// and <brandboard-chart> (one saved chart, signed with `chartId`), each an iframe on the
// tenant's embed page of its token, sized to it, telling what happens there as DOM events.

export { BrandboardDashboardElement, defineBrandboardDashboard } from './dashboardElement.js';
export { BrandboardChartElement, defineBrandboardChart } from './chartElement.js';
export type { ChartClick, FilterValue } from './messages.js';
