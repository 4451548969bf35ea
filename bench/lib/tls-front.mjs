/**
 * A TLS front for the page benchmarks (decision 130): nginx speaking HTTP/2 over TLS in front of a running shop, as a
 * deployment puts a load balancer or CDN in front of it (README, "Running at scale"). A browser speaks HTTP/2 only
 * over TLS, and Lighthouse's simulation then models one shared connection instead of six fresh HTTP/1.1 ones, each
 * with its own handshake and slow start. The certificate is made for the run (openssl) and trusted only by the
 * benchmark's own browser (`--ignore-certificate-errors`).
 */
import { spawn, execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stopAll, waitForHttpOrStop } from '../../scripts/lib.mjs';
import { nginxPrelude } from '../../scripts/scale-out/nginx-config.mjs';

/** Starts nginx on `port` forwarding to `upstream` (http://host:port); answers the https address and a stop(). */
export async function startTlsFront({ upstream, port }) {
  const prefix = mkdtempSync(join(tmpdir(), 'bench-tls-'));
  const key = join(prefix, 'key.pem');
  const cert = join(prefix, 'cert.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      key,
      '-out',
      cert,
      '-days',
      '1',
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=DNS:localhost',
    ],
    {
      stdio: 'ignore',
    },
  );
  const target = new URL(upstream);
  writeFileSync(
    join(prefix, 'nginx.conf'),
    `${nginxPrelude(prefix)}
  upstream shop { server ${target.hostname === 'localhost' ? '127.0.0.1' : target.hostname}:${target.port}; keepalive 16; }
  server {
    listen 127.0.0.1:${port} ssl http2;
    ssl_certificate ${cert};
    ssl_certificate_key ${key};
    location / {
      proxy_pass http://shop;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto https;
      proxy_buffering off;
    }
  }
}
`,
  );
  const nginx = spawn(process.env.NGINX_PATH ?? '/usr/sbin/nginx', ['-c', join(prefix, 'nginx.conf'), '-p', prefix], { stdio: 'inherit' });
  const url = `https://localhost:${port}`;
  // The benchmark's own requests (the page-weight fetches) accept the run's certificate too.
  process.env.NODE_TLS_REJECT_UNAUTHORIZED = '0';
  await waitForHttpOrStop(`${url}/`, { child: nginx, timeoutMs: 10_000 });
  return {
    url,
    stop: async () => {
      await stopAll([nginx]);
      rmSync(prefix, { recursive: true, force: true });
    },
  };
}
