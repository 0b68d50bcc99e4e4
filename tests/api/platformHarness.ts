import type { FastifyInstance } from 'fastify';
import type { Config } from '../../server/config';
import { addAccountWithUsers, sessionTokenFor } from './fixtures';
import { startServer, type Backend } from './harness';

export { call, type CallAnswer, type CallOptions } from './fixtures';

// The real server (buildApp) for the platform suites, over a temporary SQLite file or a fresh
// PostgreSQL database, called over HTTP. The seed's accounts are there: www (admin) and acme
// (admin, editor, viewer).

export interface PlatformServer {
  app: FastifyInstance;
  config: Config;
  base: string;
  port: number;
  /** A session token of `username` on `site`, made the way sign-in makes one. */
  sessionFor: (site: string, username: string) => Promise<string>;
  /** Creates an account with one user per role given. */
  addAccount: (site: string, roles: Record<string, string>) => Promise<number>;
  close: () => Promise<void>;
}

export async function startPlatformServer(
  backend: Backend = 'sqlite',
  env: Record<string, string> = {},
): Promise<PlatformServer> {
  const server = await startServer({ backend, env });
  return {
    app: server.app,
    config: server.config,
    base: server.baseUrl,
    port: Number(new URL(server.baseUrl).port),
    sessionFor: (site, username) => sessionTokenFor(server.app, site, username),
    addAccount: (site, roles) => addAccountWithUsers(server, site, roles),
    close: server.close,
  };
}
