// The child processes of `npm run cluster`: each started with its output in a log file of the
// cluster folder and its pid in `<name>.pid` beside it, restarted after an unexpected exit (as
// an orchestrator's restart policy would), and all stopped together.
import { spawn } from 'node:child_process';
import { createWriteStream, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';

const RESTART_DELAY_MS = 1_000;

export class Processes {
  #entries = [];
  #stopping = false;

  constructor(logDir) {
    this.logDir = logDir;
  }

  /** Starts `command` as `name`, restarted whenever it exits before stopAll. */
  start(name, command, args, options = {}) {
    const entry = { name, command, args, options, child: undefined };
    this.#entries.push(entry);
    this.#spawn(entry);
  }

  #spawn(entry) {
    const log = createWriteStream(join(this.logDir, `${entry.name}.log`), { flags: 'a' });
    const child = spawn(entry.command, entry.args, {
      ...entry.options,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.pipe(log);
    child.stderr.pipe(log);
    const pidFile = join(this.logDir, `${entry.name}.pid`);
    writeFileSync(pidFile, String(child.pid));
    child.on('exit', (code, signal) => {
      rmSync(pidFile, { force: true });
      if (this.#stopping) return;
      console.error(`${entry.name} exited (${signal ?? code}); restarting it. Log: ${log.path}`);
      setTimeout(() => {
        if (!this.#stopping) this.#spawn(entry);
      }, RESTART_DELAY_MS);
    });
    entry.child = child;
  }

  /** Stops every child (SIGTERM, then SIGKILL after `graceMs`), all at once. */
  async stopAll(graceMs = 10_000) {
    this.#stopping = true;
    await Promise.all(this.#entries.map((entry) => stop(entry.child, graceMs)));
  }
}

function stop(child, graceMs) {
  return new Promise((resolve) => {
    if (!child || child.exitCode !== null || child.signalCode !== null) return resolve();
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/** Resolves once `url` answers 200, polling; rejects after `timeoutMs`. */
export async function waitUntilHealthy(url, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const answer = await fetch(url);
      if (answer.status === 200) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      throw new Error(`${url} did not answer 200 within ${timeoutMs / 1000} s.`);
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** Whether a Redis server on 127.0.0.1:`port` answers PING. */
function pings(port) {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1_000, () => done(false));
    socket.once('error', () => done(false));
    socket.once('data', (data) => done(String(data).startsWith('+PONG')));
    socket.once('connect', () => socket.write('PING\r\n'));
  });
}

/** Resolves once Redis on `port` answers; rejects after `timeoutMs`. */
export async function waitForRedis(port, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (!(await pings(port))) {
    if (Date.now() > deadline) throw new Error(`Redis on port ${port} did not answer.`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
