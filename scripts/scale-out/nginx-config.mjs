/**
 * The load balancer of the scale-out test (issue 23, decision 105): nginx in front of two API processes and two
 * storefront processes, as the README's production layout puts it. `/api/` goes straight to the API processes, the
 * rest to the storefronts (whose server-side API calls come back through this same balancer).
 *
 * Retries: nginx passes a request to the other process when it could not connect or the connection broke before an
 * answer. For GET that is always safe. A POST is passed on only when it never reached the dead process
 * (nginx's default, without `non_idempotent`): one that did may have placed an order, so the client retries it
 * with the same Idempotency-Key instead, and the API answers the first result again.
 */
/**
 * The start of an nginx configuration run by a test or a benchmark as an ordinary process: in the foreground, with its
 * pid, log and temporary files under `prefix` (never the system's /var paths), one worker, no access log. It opens the
 * `http` block; the caller adds its upstreams and servers and closes it.
 */
export function nginxPrelude(prefix) {
  return `worker_processes 1;
daemon off;
pid ${prefix}/nginx.pid;
error_log ${prefix}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${prefix}/client-body;
  proxy_temp_path ${prefix}/proxy;
  fastcgi_temp_path ${prefix}/fastcgi;
  uwsgi_temp_path ${prefix}/uwsgi;
  scgi_temp_path ${prefix}/scgi;`;
}

export function nginxConfig({ port, prefix, apis, webs }) {
  const upstream = (name, ports) =>
    [`  upstream ${name} {`, ...ports.map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=30s;`), '    keepalive 16;', '  }'].join('\n');
  const proxied = (name) => `      proxy_pass http://${name};
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_next_upstream error timeout;
      proxy_next_upstream_tries 2;
      proxy_connect_timeout 2s;
      proxy_read_timeout 30s;`;
  return `${nginxPrelude(prefix)}
  client_max_body_size 60m;
${upstream('api', apis)}
${upstream('web', webs)}
  server {
    listen 127.0.0.1:${port};
    location /api/ {
${proxied('api')}
    }
    location / {
${proxied('web')}
    }
  }
}
`;
}
