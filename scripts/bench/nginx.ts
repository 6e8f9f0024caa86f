// Debian's nginx serving a published build folder on a loopback port, as the yardstick for the
// Node server: one worker, the same security headers, precompressed files only (gzip_static, and
// brotli_static when the module is installed), no compression on the fly.
// Used by bench:serve and bench:pages.
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { PAGE_CSP } from '#core/page-security.ts';
import { freePort } from '#scripts/test/free-port.ts';
import { startProcess, waitForOk } from './processes.ts';

export const NGINX = '/usr/sbin/nginx';
const BROTLI_MODULE = '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so';

export interface NginxServer {
  base: string;
  child: ChildProcess;
  brotli: boolean;
}

/** Starts nginx on `root`, with its config, pid and temp files in `workDir`. */
export async function startNginx(root: string, workDir: string, projectRoot: string): Promise<NginxServer> {
  const port = await freePort();
  const brotli = fs.existsSync(BROTLI_MODULE);
  const header = (name: string, value: string) => `add_header ${name} "${value}" always;`;
  const config = `
${brotli ? `load_module ${BROTLI_MODULE};` : ''}
worker_processes 1;
daemon off;
${process.getuid?.() === 0 ? 'user root;' : ''}
pid ${workDir}/nginx.pid;
error_log ${workDir}/nginx-error.log warn;
events { worker_connections 1024; }
http {
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  access_log off;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 1000000;
  client_body_temp_path ${workDir}/nginx-body;
  proxy_temp_path ${workDir}/nginx-proxy;
  fastcgi_temp_path ${workDir}/nginx-fastcgi;
  uwsgi_temp_path ${workDir}/nginx-uwsgi;
  scgi_temp_path ${workDir}/nginx-scgi;
  server {
    listen 127.0.0.1:${port};
    root ${root};
    gzip_static on;
    ${brotli ? 'brotli_static on;' : ''}
    ${header('Content-Security-Policy', PAGE_CSP)}
    ${header('X-Content-Type-Options', 'nosniff')}
    ${header('Referrer-Policy', 'strict-origin-when-cross-origin')}
    ${header('Cache-Control', 'public, max-age=0, must-revalidate')}
    location / { try_files $uri $uri/index.html =404; }
  }
}
`;
  const configFile = path.join(workDir, 'nginx.conf');
  fs.writeFileSync(configFile, config);
  const child = startProcess(NGINX, ['-p', workDir, '-e', `${workDir}/nginx-error.log`, '-c', configFile], { cwd: projectRoot });
  const base = `http://127.0.0.1:${port}`;
  await waitForOk(`${base}/`, child, 10_000);
  return { base, child, brotli };
}

/** How many files of a build folder have a .gz or .br twin (precompression at build time). */
export function countPrecompressed(root: string): { files: number; gz: number; br: number } {
  const names = fs.readdirSync(root, { recursive: true }).map(String);
  const has = new Set(names);
  const plain = names.filter((name) => !name.endsWith('.gz') && !name.endsWith('.br') && fs.statSync(path.join(root, name)).isFile());
  return {
    files: plain.length,
    gz: plain.filter((name) => has.has(`${name}.gz`)).length,
    br: plain.filter((name) => has.has(`${name}.br`)).length,
  };
}
