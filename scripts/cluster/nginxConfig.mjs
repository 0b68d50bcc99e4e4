// The load balancer of `npm run cluster`: nginx in front of the instances, in the foreground
// (the cluster script owns its process), with every file it writes inside the cluster folder.
import { join } from 'node:path';

/**
 * A location passing requests to the instances. A new connection a request (no upstream
 * keepalive): a dead instance then refuses it before the request is sent, and the request
 * goes to the next instance. `streamBody` streams uploads through instead of buffering them
 * on this machine's disk (a streamed body cannot be sent twice).
 */
function location(match, nextUpstream, { streamBody = false } = {}) {
  return `    location ${match} {
      proxy_pass http://brandboard;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
${streamBody ? '      proxy_request_buffering off;\n' : ''}      proxy_read_timeout 120s;
      proxy_next_upstream ${nextUpstream};
      proxy_next_upstream_tries 3;
      proxy_next_upstream_timeout 10s;
    }`;
}

/** nginx's temporary folders, each under the cluster folder's nginx/ (made before it starts). */
const TEMP_PATHS = [
  ['client_body_temp_path', 'body'],
  ['proxy_temp_path', 'proxy'],
  ['fastcgi_temp_path', 'fastcgi'],
  ['uwsgi_temp_path', 'uwsgi'],
  ['scgi_temp_path', 'scgi'],
];

/** The folders under the cluster folder nginx writes to. */
export const NGINX_FOLDERS = TEMP_PATHS.map(([, folder]) => `nginx/${folder}`);

const escapeRegex = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** $tenant_key: the tenant as the server tells it (the `site` header, else the sub-domain). */
const tenantKey = (baseDomain) => `  map $host $host_tenant {
    ~^(?<tenant>[^.]+)\\.${escapeRegex(baseDomain)}$ $tenant;
    default www;
  }
  map $http_site $tenant_key {
    '' $host_tenant;
    default $http_site;
  }
`;

/**
 * nginx.conf for `instancePorts` on 127.0.0.1 behind `listenPort`. Requests go to the instance
 * with the fewest open ones (warehouses on ClickHouse: any instance serves any tenant); with
 * `tenantAffinity` (DuckDB warehouses, a file of one instance) a tenant's requests go to one
 * instance while it is up (consistent hashing on the tenant, told as the server tells it: the
 * `site` header, else the sub-domain of `baseDomain`). Either way a request that finds its
 * instance down is passed to the next one, as is a read-only POST whose instance died before
 * answering.
 */
export function nginxConfig({
  dir,
  listenPort,
  instancePorts,
  uploadMaxMb,
  ipv6,
  baseDomain,
  tenantAffinity = false,
}) {
  const servers = instancePorts
    .map((port) => `    server 127.0.0.1:${port} max_fails=1 fail_timeout=3s;`)
    .join('\n');
  return `daemon off;
worker_processes 1;
pid ${join(dir, 'nginx', 'nginx.pid')};
error_log ${join(dir, 'logs', 'nginx-error.log')} warn;

events {
  worker_connections 4096;
}

http {
  access_log off;
${TEMP_PATHS.map(([directive, folder]) => `  ${directive} ${join(dir, 'nginx', folder)};`).join('\n')}
  client_max_body_size ${uploadMaxMb + 10}m;

${tenantAffinity ? tenantKey(baseDomain) : ''}
  upstream brandboard {
    ${tenantAffinity ? 'hash $tenant_key consistent' : 'least_conn'};
${servers}
  }

  server {
    listen 127.0.0.1:${listenPort};
${ipv6 ? `    listen [::1]:${listenPort};\n` : ''}
${location('/', 'error timeout http_502', { streamBody: true })}
    # POSTs that only read (chart queries, filter values, explorer SQL, a shared dashboard's):
    # safe to send to the next instance even when the first one took the request and died.
    # (The web app repeats the same ones once: src/ui/api/httpClient.ts.)
${location('~ ^/api/v1/(query|query/values|sql|share/dashboards/[^/]+/(query|filterValues))$', 'error timeout http_502 non_idempotent')}
  }
}
`;
}
