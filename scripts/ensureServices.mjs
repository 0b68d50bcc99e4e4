// Test prerequisites that live outside npm: Debian's Chromium for the browser tests, and
// the local PostgreSQL and MariaDB servers the connector and API tests talk to.
import { existsSync, readdirSync } from 'node:fs';
import { execSync } from 'node:child_process';

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

export function ensureChromium() {
  if (existsSync(CHROMIUM_PATH)) return;
  if (!isRoot) {
    throw new Error(
      `Chromium is missing at ${CHROMIUM_PATH}. Install Debian's package: sudo apt-get install chromium`,
    );
  }
  console.log("Installing Debian's chromium package for the browser tests…");
  run('apt-get update -qq');
  run('apt-get install -y -qq chromium');
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

/** nginx from Debian's package (root only), for `npm run cluster`; answers its binary's path. */
export function ensureNginx() {
  const binary = '/usr/sbin/nginx';
  if (existsSync(binary)) return binary;
  if (!isRoot) {
    throw new Error("nginx is missing. Install Debian's package: sudo apt-get install nginx");
  }
  console.log("Installing Debian's nginx for the load balancer…");
  run('apt-get update -qq');
  run('apt-get install -y -qq nginx');
  // The package starts a system nginx on port 80; the cluster runs its own.
  succeeds('nginx -s quit');
  return binary;
}
