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
/** Where Debian's package puts nginx's TCP proxying module. */
export const NGINX_STREAM_MODULE: string;
/** nginx with its stream module (installed when missing, as root); its binary's path. */
export function ensureNginx(): string;
/** Passwords of the ClickHouse users of scripts/clickhouse/users.xml, kept in `dir`. */
export function clickhouseCredentials(dir: string): { admin: string; reader: string };
/** scripts/clickhouse's config.xml and users.xml written into `dir`; `overrides` into config.d. */
export function writeClickhouseConfig(
  dir: string,
  ports: { httpPort: number; tcpPort: number },
  credentials: { admin: string; reader: string },
  overrides?: string,
): void;
/** Debian's clickhouse-server (installed when missing, as root); its binary's path. */
export function ensureClickhouseServer(): string;
