import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { setImmediate as setImmediateTurn } from 'node:timers/promises';
import { join } from 'node:path';
import { NGINX_STREAM_MODULE, ensureNginx } from '../../../scripts/ensureServices.mjs';

// Real nginx in front of the real server, for what only the way to the server does to a
// request: a connection dropped before any answer, a 502 of a load balancer with no instance,
// a 504 of one whose instance does not answer in time, 401 from a site behind basic
// authentication and 403 from an address rule. Each of those is nginx's own behaviour (no
// scripted bodies); "once" entries go through nginx's TCP proxy, which takes turns between
// the failing server and the real one, one connection per request (no keep-alive), so a call
// sent twice meets the failure first and the real server second.

/** What a request meets on its way. */
export type Way =
  | 'direct'
  | 'dropped'
  | 'no-instance'
  | 'instance-too-slow'
  | 'dropped-once'
  | 'no-instance-once'
  | 'instance-too-slow-once'
  | 'basic-auth'
  | 'denied';

export interface LoadBalancer {
  /** The origin of the way (a URL prefix for the HTTP client). */
  url(way: Way): string;
  /** Requests nginx took for `method path` so far, over every way (a failing try included). */
  calls(method: string, path: string): Promise<number>;
  close(): Promise<void>;
}

const FAILING: Partial<Record<Way, Way>> = {
  'dropped-once': 'dropped',
  'no-instance-once': 'no-instance',
  'instance-too-slow-once': 'instance-too-slow',
};

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

const listen = (port: number) => `listen 127.0.0.1:${port};`;

function httpServers(dir: string, ports: Record<Way | 'stall', number>, appPort: number) {
  const toApp = `proxy_pass http://127.0.0.1:${appPort};
      proxy_http_version 1.1;
      proxy_set_header Host $http_host;
      proxy_read_timeout 600s;`;
  return `
  server {
    ${listen(ports.direct)}
    location / { ${toApp} }
    # A marker the count waits for (see calls()).
    location ^~ /__logged/ { return 204; }
  }
  # A connection closed without an answer (nginx's 444).
  server { ${listen(ports.dropped)} location / { return 444; } }
  # No instance behind: connecting to it fails, nginx answers its own 502 page.
  server { ${listen(ports['no-instance'])} location / { proxy_pass http://unix:${dir}/no-instance.sock; } }
  # An instance that takes the request and does not answer in time: nginx answers 504.
  server {
    ${listen(ports['instance-too-slow'])}
    location / { proxy_pass http://127.0.0.1:${ports.stall}; proxy_read_timeout 1s; }
  }
  # The slow instance: a rate limit that holds every request after the first for a minute
  # (an answer of try_files, as return would answer before the limit is applied).
  server {
    ${listen(ports.stall)}
    access_log off;
    location / { limit_req zone=stall burst=1000; try_files /none =204; }
  }
  server {
    ${listen(ports['basic-auth'])}
    location / { auth_basic "Staging"; auth_basic_user_file ${dir}/htpasswd; ${toApp} }
  }
  server { ${listen(ports.denied)} location / { deny all; } }`;
}

function streamServers(ports: Record<Way | 'stall', number>) {
  return Object.entries(FAILING)
    .map(
      ([once, failing]) => `
  upstream ${once.replaceAll('-', '_')} {
    server 127.0.0.1:${ports[failing]};
    server 127.0.0.1:${ports.direct};
  }
  server { ${listen(ports[once as Way])} proxy_pass ${once.replaceAll('-', '_')}; }`,
    )
    .join('\n');
}

function nginxConfig(dir: string, ports: Record<Way | 'stall', number>, appPort: number) {
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']
    .map((name) => `  ${name}_temp_path ${dir}/${name};`)
    .join('\n');
  return `daemon off;
worker_processes 1;
load_module ${NGINX_STREAM_MODULE};
pid ${dir}/nginx.pid;
error_log ${dir}/error.log crit;
events { worker_connections 256; }
http {
${temp}
  log_format calls '$request_method $uri $status';
  access_log ${dir}/calls.log calls;
  keepalive_timeout 0;
  limit_req_zone $server_port zone=stall:1m rate=1r/m;
${httpServers(dir, ports, appPort)}
}
stream {
${streamServers(ports)}
}
`;
}

/** Waits until nginx answers on `port` (it starts in the background). */
async function answering(port: number): Promise<void> {
  for (;;) {
    const ok = await fetch(`http://127.0.0.1:${port}/`).then(
      (answer) => answer.arrayBuffer().then(() => true),
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** nginx on free ports of 127.0.0.1, in front of the real server listening on `appPort`. */
export async function startLoadBalancer(appPort: number): Promise<LoadBalancer> {
  const binary = ensureNginx();
  const dir = mkdtempSync(join(tmpdir(), 'brandboard-lb-'));
  for (const name of ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) {
    mkdirSync(join(dir, name));
  }
  writeFileSync(join(dir, 'htpasswd'), 'staging:{PLAIN}not-for-you\n');
  const ways: (Way | 'stall')[] = [
    'direct',
    'dropped',
    'no-instance',
    'instance-too-slow',
    'dropped-once',
    'no-instance-once',
    'instance-too-slow-once',
    'basic-auth',
    'denied',
    'stall',
  ];
  const ports = {} as Record<Way | 'stall', number>;
  for (const way of ways) ports[way] = await freePort();
  writeFileSync(join(dir, 'nginx.conf'), nginxConfig(dir, ports, appPort));
  const nginx: ChildProcess = spawn(binary, ['-c', join(dir, 'nginx.conf'), '-p', dir], {
    stdio: 'ignore',
  });
  await answering(ports.direct);
  // The slow instance's first request passes its rate limit: spend it now.
  await answering(ports.stall);
  writeFileSync(join(dir, 'calls.log'), '');
  let markers = 0;

  return {
    url: (way) => `http://127.0.0.1:${ports[way]}`,
    async calls(method, path) {
      // nginx logs a request just after answering it: a client may read the answer first. Its
      // one worker logs in order, so once a marker asked after it is logged, it is too.
      const marker = `/__logged/${++markers}`;
      await fetch(`http://127.0.0.1:${ports.direct}${marker}`).then((answer) => answer.text());
      let lines: string[] = [];
      while (!lines.some((line) => line.startsWith(`GET ${marker} `))) {
        lines = readFileSync(join(dir, 'calls.log'), 'utf8').split('\n');
        if (!lines.some((line) => line.startsWith(`GET ${marker} `))) await setImmediateTurn();
      }
      return lines.filter((line) => line.startsWith(`${method} ${path} `)).length;
    },
    async close() {
      const exited = new Promise((resolve) => nginx.once('exit', resolve));
      nginx.kill('SIGTERM');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
