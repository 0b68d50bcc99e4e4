import { setApiPrefix } from '../../../src/ui/api/httpClient';
import type { User } from '../../../src/model/types';
import { renderApp, signIn } from './renderApp';
import { startAnalyticsTestServer, type AnalyticsTestServer } from './analyticsTestServer';

// Starts the analytics test server, points the web app at it, and renders the whole app (with
// its real providers and lazily loaded sections) at a path as the given user.

export async function startServerForApp(): Promise<AnalyticsTestServer> {
  const server = await startAnalyticsTestServer();
  setApiPrefix(server.url);
  return server;
}

export async function renderAs(user: User, path: string) {
  signIn(user);
  return renderApp(path);
}
