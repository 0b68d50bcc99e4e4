import { z } from 'zod';
import { dashboardFilterValueSchema } from './dashboards';

// Exports of dashboards and charts on demand: what the export routes take.

export const DASHBOARD_EXPORT_FORMATS = ['pdf', 'png'] as const;
export type DashboardExportFormat = (typeof DASHBOARD_EXPORT_FORMATS)[number];

/** Body of POST /api/v1/dashboards/{id}/export. */
export const DASHBOARD_EXPORT_REQUEST = z.strictObject({
  format: z.enum(DASHBOARD_EXPORT_FORMATS, {
    error: () => `must be one of ${DASHBOARD_EXPORT_FORMATS.join(', ')}`,
  }),
  filters: z
    .array(dashboardFilterValueSchema)
    .max(50)
    .default([])
    .describe("the dashboard's filter values to apply (its defaults when not given)"),
  tab: z
    .string()
    .min(1)
    .max(100)
    .optional()
    .describe('PNG: the id of the tab to render (the first when not given); a PDF has every tab'),
});

/** Body of POST /api/v1/aicharts/{id}/export: the chart's data as an Excel workbook. */
export const CHART_EXPORT_REQUEST = z.strictObject({
  format: z.literal('xlsx', { error: () => 'must be xlsx' }),
  dashboardId: z
    .number()
    .int()
    .positive()
    .optional()
    .describe('the dashboard whose filter values apply to the chart'),
  filters: z.array(dashboardFilterValueSchema).max(50).default([]),
});
