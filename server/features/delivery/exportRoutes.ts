import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { exportFileName } from '../../../common/fileNames';
import { ApiError, notFound } from '../../errors';
import { currentUser, requireSection } from '../../plugins/auth';
import { asQueryError, closeSignal } from '../../query/clientCancellation';
import { findChartRow, toSavedChart } from '../charts/repository';
import { chartIdsOf, findDashboardRow, toDashboard } from '../dashboards/repository';
import { checkFilterValues, checkTab, chartXlsx, renderDashboard } from './exports';
import { EXPORT_CHART, EXPORT_DASHBOARD } from './schemas';

// Exports on demand, as the caller sees the data: a dashboard as PDF or PNG from its menu, a
// chart's data as XLSX from the chart's menu (on a dashboard, with the dashboard's filters).

const MEDIA_TYPES = {
  pdf: 'application/pdf',
  png: 'image/png',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;

/** Renders waiting per render slot beyond which a new export is refused rather than queued. */
const WAITING_PER_SLOT = 4;

function sendFile(
  reply: FastifyReply,
  title: string,
  format: keyof typeof MEDIA_TYPES,
  file: Buffer,
) {
  const fileName = exportFileName(title, format, 'export');
  return reply
    .header('content-type', MEDIA_TYPES[format])
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('cache-control', 'no-store')
    .send(file);
}

export function registerExportRoutes(app: FastifyInstance): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.post(
    '/api/v1/dashboards/:id/export',
    { preValidation: requireSection('dashboards', 'read'), schema: EXPORT_DASHBOARD },
    async (request, reply) => {
      const user = currentUser(request);
      const dashboard = toDashboard(
        await findDashboardRow(app.db, user.accountId, request.params.id),
      );
      const { format, filters, tab } = request.body;
      checkFilterValues(dashboard, filters);
      checkTab(dashboard, tab);
      const renderer = app.dashboardRenderer;
      if (renderer.pending >= renderer.slots * WAITING_PER_SLOT) {
        throw new ApiError(503, 'Too many exports are being made; try again in a minute.');
      }
      const viewer = await app.queryEngine.viewerOf(user);
      const file = await renderDashboard(app, {
        accountId: user.accountId,
        dashboardId: dashboard.id,
        viewer,
        filters,
        format,
        tab,
      });
      return sendFile(reply, dashboard.name, format, file);
    },
  );

  typed.post(
    '/api/v1/aicharts/:id/export',
    { preValidation: requireSection('aicharts', 'read'), schema: EXPORT_CHART },
    async (request, reply) => {
      const user = currentUser(request);
      const { accountId } = user;
      const chart = toSavedChart(await findChartRow(app.db, accountId, request.params.id));
      const { dashboardId, filters } = request.body;
      let onDashboard;
      if (dashboardId !== undefined) {
        const dashboard = toDashboard(await findDashboardRow(app.db, accountId, dashboardId));
        if (!chartIdsOf(dashboard).includes(chart.id)) throw notFound('Chart on this dashboard');
        checkFilterValues(dashboard, filters);
        onDashboard = { dashboard, values: filters };
      }
      const viewer = await app.queryEngine.viewerOf(user);
      const file = await chartXlsx(app, {
        accountId,
        chart,
        viewer,
        dashboard: onDashboard,
        signal: closeSignal(reply),
      }).catch(asQueryError);
      return sendFile(reply, chart.name, 'xlsx', file);
    },
  );
}
