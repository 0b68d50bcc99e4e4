// The project runs on Node.js 22 (LTS; 24 runs the server too). On a machine whose own node is
// older, the scripts fetch Node.js 22 from the npm registry (the node-linux-<arch> package, which holds
// the binary and the headers native addons build against) into .node/ and run under it: no
// download from anywhere but the registry, and nothing installed system-wide.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join, resolve } from 'node:path';

export const SUPPORTED_NODE = '22.23.5';
/** The oldest release package.json's `engines` allows (ESLint's own engines ask 22.13). */
const OLDEST_SUPPORTED = [22, 13];
const ROOT = resolve(import.meta.dirname, '..');

/** Whether `version` (e.g. 22.23.5) is older than OLDEST_SUPPORTED. */
function isTooOld(version) {
  const [major, minor] = version.split('.').map(Number);
  return (
    major < OLDEST_SUPPORTED[0] || (major === OLDEST_SUPPORTED[0] && minor < OLDEST_SUPPORTED[1])
  );
}

/** Where Node.js SUPPORTED_NODE lives once fetched. */
export function supportedNodeDir() {
  return join(ROOT, '.node', `node-${SUPPORTED_NODE}-${process.platform}-${process.arch}`);
}

function fetchSupportedNode(dir) {
  const pkg = `node-${process.platform}-${process.arch}@${SUPPORTED_NODE}`;
  console.error(`Fetching Node.js ${SUPPORTED_NODE} from the npm registry (${pkg})…`);
  const scratch = mkdtempSync(join(tmpdir(), 'brandboard-node-'));
  try {
    const tarball = execFileSync('npm', ['pack', '--silent', pkg], {
      cwd: scratch,
      stdio: ['ignore', 'pipe', 'inherit'],
    })
      .toString()
      .trim()
      .split('\n')
      .pop();
    mkdirSync(dir, { recursive: true });
    execFileSync('tar', ['xzf', join(scratch, tarball), '-C', dir, '--strip-components=1']);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/** The environment that runs node, npm and native builds under the fetched Node.js. */
export function supportedNodeEnv(dir = supportedNodeDir()) {
  return {
    ...process.env,
    PATH: `${join(dir, 'bin')}${delimiter}${process.env.PATH ?? ''}`,
    npm_config_nodedir: dir,
  };
}

/** Native addons built for another Node.js are built again for this one. */
function rebuildNativeAddonsIfNeeded(env) {
  if (!existsSync(join(ROOT, 'node_modules', 'better-sqlite3'))) return;
  const probe = "const Database = require('better-sqlite3'); new Database(':memory:').close();";
  const load = spawnSync(process.execPath, ['-e', probe], { cwd: ROOT, env });
  if (load.status === 0) return;
  console.log(`Building native addons for Node.js ${process.versions.node}…`);
  spawnSync('npm', ['rebuild', 'better-sqlite3'], { cwd: ROOT, stdio: 'inherit', env });
}

/**
 * Runs the calling script again under Node.js SUPPORTED_NODE when this node is older than
 * the oldest supported release, and exits with its code; otherwise returns (after building
 * native addons again if they were built for another Node.js).
 */
export function ensureSupportedNode() {
  if (!isTooOld(process.versions.node)) {
    rebuildNativeAddonsIfNeeded(process.env);
    return;
  }
  const dir = supportedNodeDir();
  if (!existsSync(join(dir, 'bin', 'node'))) fetchSupportedNode(dir);
  const env = supportedNodeEnv(dir);
  const rerun = spawnSync(join(dir, 'bin', 'node'), process.argv.slice(1), {
    stdio: 'inherit',
    env,
  });
  process.exit(rerun.status ?? 1);
}

// `eval "$(node scripts/supportedNode.mjs --shell)"` (.ci/run): the shell's PATH and
// npm_config_nodedir for a supported Node.js, fetched first when this node is too old.
if (process.argv[1] === import.meta.filename && process.argv[2] === '--shell') {
  if (isTooOld(process.versions.node)) {
    const dir = supportedNodeDir();
    if (!existsSync(join(dir, 'bin', 'node'))) fetchSupportedNode(dir);
    console.log(`export PATH='${join(dir, 'bin')}'${delimiter}"$PATH" npm_config_nodedir='${dir}'`);
  }
}
