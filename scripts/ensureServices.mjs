// Test prerequisites that live outside npm: Debian's Chromium for the browser tests, and
// the local PostgreSQL, MariaDB, Redis and ClickHouse servers the connector and API tests
// talk to.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { execSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;

function run(command) {
  execSync(command, {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
}

function succeeds(command) {
  try {
    execSync(command, { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** Debian's Chromium (browser tests, PDF and PNG exports) and poppler-utils (reading the PDFs). */
export function ensureChromium() {
  const missing = [];
  if (!existsSync(CHROMIUM_PATH)) missing.push('chromium');
  if (!succeeds('pdftoppm -v')) missing.push('poppler-utils');
  if (missing.length === 0) return;
  if (!isRoot) {
    throw new Error(
      `Missing: ${missing.join(', ')}. Install Debian's packages: sudo apt-get install ${missing.join(' ')}`,
    );
  }
  console.log(`Installing Debian's ${missing.join(' and ')} for the browser and export tests…`);
  run('apt-get update -qq');
  run(`apt-get install -y -qq ${missing.join(' ')}`);
}

/** Starts PostgreSQL or MariaDB when they are installed here but stopped (root only). */
export function ensureDatabaseServers() {
  if (!isRoot) return;
  if (existsSync('/etc/postgresql') && !succeeds('pg_isready -q -h 127.0.0.1 -p 5432')) {
    const [version] = readdirSync('/etc/postgresql');
    console.log('Starting PostgreSQL…');
    succeeds(`pg_ctlcluster --skip-systemctl-redirect ${version} main start`);
  }
  if (existsSync('/usr/sbin/mariadbd') && !succeeds('mariadb-admin -h 127.0.0.1 -uroot ping')) {
    console.log('Starting MariaDB…');
    succeeds('start-stop-daemon --start --oknodo --background --exec /usr/sbin/mariadbd');
    succeeds('sleep 3');
  }
  ensureRedis();
  ensureClickhouse();
}

/** Redis on 127.0.0.1:6379, keeping nothing on disk: installed from Debian's package if missing. */
function ensureRedis() {
  if (succeeds('redis-cli -h 127.0.0.1 -p 6379 ping')) return;
  if (!existsSync('/usr/bin/redis-server')) {
    console.log("Installing Debian's redis-server…");
    succeeds(
      'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq redis-server',
    );
  }
  console.log('Starting Redis…');
  succeeds(
    'redis-server --daemonize yes --bind 127.0.0.1 --port 6379 --save "" --appendonly no --dir /tmp',
  );
  succeeds('sleep 1');
}

/** Where Debian's package puts nginx's TCP proxying module (the HTTP client's tests use it). */
export const NGINX_STREAM_MODULE = '/usr/lib/nginx/modules/ngx_stream_module.so';

/**
 * nginx from Debian's package (root only), with its stream module: the load balancer of
 * `npm run cluster` and of the HTTP client's tests. Answers its binary's path.
 */
export function ensureNginx() {
  const binary = '/usr/sbin/nginx';
  if (existsSync(binary) && existsSync(NGINX_STREAM_MODULE)) return binary;
  if (!isRoot) {
    throw new Error(
      "nginx is missing. Install Debian's packages: sudo apt-get install nginx libnginx-mod-stream",
    );
  }
  console.log("Installing Debian's nginx for the load balancer…");
  run('apt-get update -qq');
  run('apt-get install -y -qq nginx libnginx-mod-stream');
  // The package starts a system nginx on port 80; the cluster and the tests run their own.
  succeeds('nginx -s quit');
  return binary;
}

/** The test ClickHouse server: its HTTP port and the passwords of its users (users.xml). */
const CLICKHOUSE_DIR = join(tmpdir(), 'brandboard-clickhouse');
const CLICKHOUSE_HTTP_PORT = 18123;
const CLICKHOUSE_TCP_PORT = 19000;
const CLICKHOUSE_SERVER = '/usr/sbin/clickhouse-server'; // Debian's package
const CLICKHOUSE_TEMPLATES = join(dirname(fileURLToPath(import.meta.url)), 'clickhouse');

function clickhouseAnswers() {
  return succeeds(`curl -sf http://127.0.0.1:${CLICKHOUSE_HTTP_PORT}/ping`);
}

/**
 * Passwords of the users of scripts/clickhouse/users.xml, made once and kept in `dir` beside the
 * server's data (never in the repository): `{ admin, reader }`.
 */
export function clickhouseCredentials(dir) {
  const file = join(dir, 'credentials.json');
  const password = () => randomBytes(18).toString('base64url');
  try {
    // 'wx': when two test workers start at once, the first one's passwords stay.
    writeFileSync(file, JSON.stringify({ admin: password(), reader: password() }), {
      mode: 0o600,
      flag: 'wx',
    });
  } catch (error) {
    if (error.code !== 'EEXIST') throw error;
  }
  return JSON.parse(readFileSync(file, 'utf8'));
}

/**
 * Writes config.xml and users.xml of scripts/clickhouse into `dir` with its folders, the
 * ports and the passwords; `overrides` (XML inside <yandex>, e.g. a cluster's <remote_servers>)
 * goes to config.d/brandboard.xml, which clickhouse-server merges over config.xml.
 */
export function writeClickhouseConfig(dir, { httpPort, tcpPort }, credentials, overrides) {
  for (const folder of ['data', 'tmp', 'log', 'user_files', 'format_schemas', 'config.d']) {
    mkdirSync(join(dir, folder), { recursive: true });
  }
  const values = {
    DIR: dir,
    HTTP_PORT: String(httpPort),
    TCP_PORT: String(tcpPort),
    ADMIN_PASSWORD: credentials.admin,
    READER_PASSWORD: credentials.reader,
  };
  for (const name of ['config.xml', 'users.xml']) {
    const template = readFileSync(join(CLICKHOUSE_TEMPLATES, name), 'utf8');
    const text = template.replace(/@([A-Z_]+)@/g, (_, key) => values[key]);
    writeFileSync(join(dir, name), text, { mode: 0o600 });
  }
  const overridesFile = join(dir, 'config.d', 'brandboard.xml');
  if (overrides) {
    writeFileSync(overridesFile, `<?xml version="1.0"?>\n<yandex>\n${overrides}\n</yandex>\n`, {
      mode: 0o600,
    });
  } else {
    rmSync(overridesFile, { force: true });
  }
}

/** Debian's clickhouse-server, installed when missing (root only); answers its binary's path. */
export function ensureClickhouseServer() {
  if (existsSync(CLICKHOUSE_SERVER)) return CLICKHOUSE_SERVER;
  if (!isRoot) {
    throw new Error(
      "ClickHouse is missing. Install Debian's package: sudo apt-get install clickhouse-server",
    );
  }
  console.log("Installing Debian's clickhouse-server…");
  run('apt-get update -qq');
  run('apt-get install -y -qq clickhouse-server');
  return CLICKHOUSE_SERVER;
}

/**
 * ClickHouse for the tests on 127.0.0.1:18123 (HTTP), its data in the OS temp folder:
 * Debian's clickhouse-server installed when missing (root only), started when not answering.
 * Answers the port and the users' passwords.
 */
export function ensureClickhouse() {
  mkdirSync(CLICKHOUSE_DIR, { recursive: true, mode: 0o700 });
  const credentials = clickhouseCredentials(CLICKHOUSE_DIR);
  // users.d beside users.xml: the server merges and reloads the users files written there.
  const usersDir = join(CLICKHOUSE_DIR, 'users.d');
  mkdirSync(usersDir, { recursive: true });
  const answer = { httpPort: CLICKHOUSE_HTTP_PORT, usersDir, ...credentials };
  if (clickhouseAnswers()) return answer;
  ensureClickhouseServer();
  const ports = { httpPort: CLICKHOUSE_HTTP_PORT, tcpPort: CLICKHOUSE_TCP_PORT };
  writeClickhouseConfig(CLICKHOUSE_DIR, ports, credentials);
  console.log(`Starting ClickHouse on 127.0.0.1:${CLICKHOUSE_HTTP_PORT}…`);
  run(
    `${CLICKHOUSE_SERVER} --daemon --config-file=${join(CLICKHOUSE_DIR, 'config.xml')} ` +
      `--pid-file=${join(CLICKHOUSE_DIR, 'clickhouse-server.pid')}`,
  );
  for (let attempt = 0; attempt < 60 && !clickhouseAnswers(); attempt++) succeeds('sleep 0.5');
  if (!clickhouseAnswers()) {
    throw new Error(
      `ClickHouse did not start; see ${join(CLICKHOUSE_DIR, 'log', 'clickhouse-server.err.log')}`,
    );
  }
  return answer;
}
