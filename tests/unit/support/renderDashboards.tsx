import './dashboardBrowserApis';
import { setApiPrefix } from '../../../src/ui/api/httpClient';
import type { User } from '../../../src/model/types';
import { renderApp, signIn } from './renderApp';
import { startDashboardTestServer, type DashboardTestServer } from './dashboardTestServer';

// Starts the dashboard test server, points the web app at it, and renders the whole app.

export async function startServerForApp(): Promise<DashboardTestServer> {
  const server = await startDashboardTestServer();
  setApiPrefix(server.url);
  return server;
}

export async function renderAs(user: User | null, path: string) {
  if (user) signIn(user);
  return renderApp(path);
}

export const queryBodies = (server: DashboardTestServer, path = '/api/v1/query') =>
  server.of('POST', path).map((request) => JSON.parse(request.body));
