import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * `npm run worker` as a child process that a test may kill at any moment (SIGKILL: no cleanup,
 * like a crashed machine) and start again. It samples the worker's resident memory as it runs.
 */
export function workerProcess(env: Record<string, string>) {
  let child: ChildProcess | null = null;
  let starts = 0;
  let peakRssKb = 0;
  const rssSamplesKb: number[] = [];
  const output: string[] = [];
  const sampler = setInterval(() => {
    if (!child?.pid) return;
    try {
      const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'));
      if (match) {
        const kb = Number(match[1]);
        rssSamplesKb.push(kb);
        peakRssKb = Math.max(peakRssKb, kb);
      }
    } catch {
      // The process just ended.
    }
  }, 250);

  function start() {
    starts++;
    // node with tsx's loader in the same process: a kill reaches the worker itself, not a wrapper.
    child = spawn(path.resolve('node_modules/.bin/node'), ['--import', 'tsx', 'scripts/worker.ts'], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (chunk) => output.push(String(chunk)));
    child.stderr?.on('data', (chunk) => output.push(String(chunk)));
  }

  return {
    start,
    /** Kills the worker at once; resolves when it is gone. */
    kill: () =>
      new Promise<void>((resolve) => {
        const running = child;
        child = null;
        if (!running || running.exitCode !== null) return resolve();
        running.once('exit', () => resolve());
        running.kill('SIGKILL');
      }),
    stop() {
      clearInterval(sampler);
      child?.kill('SIGKILL');
    },
    get starts() {
      return starts;
    },
    memory: () => ({ peakRssMb: Math.round(peakRssKb / 1024), medianRssMb: Math.round((rssSamplesKb.sort((a, b) => a - b)[rssSamplesKb.length >> 1] ?? 0) / 1024) }),
    output: () => output.join(''),
  };
}
