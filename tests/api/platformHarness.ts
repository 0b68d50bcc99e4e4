import { build, type Backend, type TestServer } from './harness';

export { call, type CallAnswer, type CallOptions } from './fixtures';
export type { ReceivedRequest } from './harness';

// The real server (build) for the platform suites, over a temporary SQLite file or a fresh
// PostgreSQL database, called over HTTP. The seed's accounts are there: www (admin) and acme
// (admin, editor, viewer).

export type PlatformServer = TestServer;

export function startPlatformServer(
  backend: Backend = 'sqlite',
  env: Record<string, string> = {},
): Promise<PlatformServer> {
  return build({ backend, env });
}
