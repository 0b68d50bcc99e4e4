import type { DashboardExportFormat } from '../../../common/api/delivery';
import type { DashboardFilterValue } from '../../../common/charts';
import { exportFileName } from '../../../common/fileNames';
import { apiUrl, httpRequest } from '../api/httpClient';

// Exports the server makes as the signed-in user (their row policies): a dashboard as PDF or
// PNG, a chart's data as XLSX; each saved by the browser under the object's name.

function saveBlob(fileName: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

async function postForFile(path: string, body: object): Promise<Blob> {
  const answer = await httpRequest<Blob>(apiUrl(path), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return answer.data;
}

export async function downloadDashboardExport(
  dashboard: { id: number; name: string },
  format: DashboardExportFormat,
  filters: DashboardFilterValue[],
  tab?: string,
): Promise<void> {
  const body = { format, filters, tab };
  const blob = await postForFile(`/api/v1/dashboards/${dashboard.id}/export`, body);
  saveBlob(exportFileName(dashboard.name, format, 'dashboard'), blob);
}

export async function downloadChartXlsx(
  chart: { id: number; name: string },
  onDashboard?: { dashboardId: number; filters: DashboardFilterValue[] },
): Promise<void> {
  const blob = await postForFile(`/api/v1/aicharts/${chart.id}/export`, {
    format: 'xlsx',
    ...onDashboard,
  });
  saveBlob(exportFileName(chart.name, 'xlsx'), blob);
}
