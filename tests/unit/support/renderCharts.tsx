import { setApiPrefix } from '../../../src/ui/api/httpClient';
import type { User } from '../../../src/model/types';
import { renderApp, signIn } from './renderApp';
import { startChartsTestServer, type ChartsTestServer } from './chartsTestServer';

// Starts the charts test server, points the web app at it, and renders the whole app at a
// path as the given user.

export async function startServerForCharts(): Promise<ChartsTestServer> {
  const server = await startChartsTestServer();
  setApiPrefix(server.url);
  return server;
}

export async function renderAs(user: User, path: string) {
  signIn(user);
  return renderApp(path);
}
