import type { FastifyInstance } from 'fastify';
import type { Config } from '../../server/config';
import { addAccountWithUsers, sessionTokenFor } from './fixtures';
import { startServer, type Backend } from './harness';

export { call, type CallAnswer, type CallOptions } from './fixtures';

// The real server (buildApp) for the platform suites, over a temporary SQLite file or a fresh
// PostgreSQL database, called over HTTP. The seed's accounts are there: www (admin) and acme
// (admin, editor, viewer).

/** A request the server received: its method, path without query, and JSON body as text. */
export interface ReceivedRequest {
  method: string;
  path: string;
  body: string;
}

export interface PlatformServer {
  app: FastifyInstance;
  config: Config;
  base: string;
  port: number;
  /** Every request received, in order (for tests of what a web page sent). */
  requests: ReceivedRequest[];
  /** A session token of `username` on `site`, made the way sign-in makes one. */
  sessionFor: (site: string, username: string) => Promise<string>;
  /** Creates an account with one user per role given. */
  addAccount: (site: string, roles: Record<string, string>) => Promise<number>;
  close: () => Promise<void>;
}

function recordRequests(app: FastifyInstance, requests: ReceivedRequest[]) {
  const received = new WeakMap<object, ReceivedRequest>();
  app.addHook('onRequest', async (request) => {
    const entry = { method: request.method, path: request.url.split('?')[0], body: '' };
    received.set(request, entry);
    requests.push(entry);
  });
  app.addHook('preValidation', async (request) => {
    const entry = received.get(request);
    if (entry && request.body !== undefined) entry.body = JSON.stringify(request.body);
  });
}

export async function startPlatformServer(
  backend: Backend = 'sqlite',
  env: Record<string, string> = {},
): Promise<PlatformServer> {
  const requests: ReceivedRequest[] = [];
  const server = await startServer({
    backend,
    env,
    beforeListen: (app) => recordRequests(app, requests),
  });
  return {
    app: server.app,
    config: server.config,
    base: server.baseUrl,
    port: Number(new URL(server.baseUrl).port),
    requests,
    sessionFor: (site, username) => sessionTokenFor(server.app, site, username),
    addAccount: (site, roles) => addAccountWithUsers(server, site, roles),
    close: server.close,
  };
}
