import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** A process of the cluster, with its output kept for the report on failure. */
export type Started = { name: string; child: ChildProcess; output: string[] };

export function startProcess(name: string, command: string, args: string[], env: Record<string, string>): Started {
  const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  const output: string[] = [];
  const keep = (chunk: Buffer) => {
    output.push(chunk.toString());
    if (output.length > 400) output.shift();
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return { name, child, output };
}

export async function stopProcess(started: Started | undefined, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (!started || started.child.exitCode !== null || started.child.signalCode !== null) return;
  const exited = new Promise((resolve) => started.child.once('exit', resolve));
  started.child.kill(signal);
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 15_000))]);
  if (started.child.exitCode === null && started.child.signalCode === null) started.child.kill('SIGKILL');
}

export function portIsOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port });
    socket.once('connect', () => (socket.end(), resolve(true)));
    socket.once('error', () => resolve(false));
  });
}

/** Waits until GET /api/ready answers 200: the instance is ready for traffic (docs/deploy.md). */
export async function waitForReady(url: string, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const status = await fetch(url).then((answer) => answer.status, () => 0);
    if (status === 200) return;
    if (Date.now() > deadline) throw new Error(`${url} non è pronto dopo ${timeoutMs} ms (ultima risposta: ${status || 'nessuna'})`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/**
 * nginx in front of the instances, round robin, as a production load balancer would be. It
 * names the instance that answered in X-Upstream, so the test can count who served what.
 * Open-source nginx has no active health checks: an instance is taken out passively, after a
 * refused connection or a timeout (max_fails=1, for fail_timeout), and the request goes to the
 * next one (proxy_next_upstream). A stopping instance closes its listener after /api/ready has
 * said 503 (lib/ops/shutdown.mjs), so nginx sees a refusal and retries elsewhere; the test polls
 * /api/ready itself before sending traffic. A balancer with active checks polls /api/ready.
 */
export function nginxConfig(listen: number, upstreams: number[]): { dir: string; file: string } {
  const dir = mkdtempSync(path.join(tmpdir(), 'crm-scale-nginx-'));
  const file = path.join(dir, 'nginx.conf');
  writeFileSync(
    file,
    `daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log stderr warn;
events { worker_connections 512; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  upstream crm {
${upstreams.map((port) => `    server 127.0.0.1:${port} max_fails=1 fail_timeout=10s;`).join('\n')}
  }
  server {
    listen 127.0.0.1:${listen};
    client_max_body_size 12m;
    location / {
      proxy_pass http://crm;
      proxy_http_version 1.1;
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $remote_addr;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_set_header X-Forwarded-Host $http_host;
      proxy_next_upstream error timeout;
      add_header X-Upstream $upstream_addr always;
    }
  }
}
`,
  );
  return { dir, file };
}
