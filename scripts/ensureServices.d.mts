// Types of ensureServices.mjs for the TypeScript tests that start the servers they need.
export function ensureChromium(): void;
export function ensureDatabaseServers(): void;
/** The test ClickHouse server on 127.0.0.1 (installed and started when missing). */
export function ensureClickhouse(): {
  httpPort: number;
  /** The folder the server reads users files from (users.d beside its users.xml). */
  usersDir: string;
  admin: string;
  reader: string;
};
export const CHROMIUM_PATH: string;
export function ensureNginx(): string;
