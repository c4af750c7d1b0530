import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { performance } from 'node:perf_hooks';

export interface ServerProcess {
  name: string;
  pid: number;
  baseUrl: string;
  /** Milliseconds from spawn to the first 200 of the readiness request. */
  firstOkMs: number;
  /** Peak resident set size so far (VmHWM), in MB; null where /proc is unavailable. */
  peakRssMb(): number | null;
  stop(): Promise<void>;
}

export interface ServerStart {
  name: string;
  command: string[];
  env: Record<string, string>;
  port: number;
  /** A GET that answers 200 once the server can serve real requests. */
  readyPath: string;
  headers: Record<string, string>;
  timeoutMs?: number;
}

/**
 * The product's node flags (heap limits) exactly as `npm start` passes them, read from package.json's
 * `start` script (`node <flags> dist/main.js`), so the benchmark measures the configuration users run.
 */
export function productNodeFlags(root: string): string[] {
  const manifest = JSON.parse(readFileSync(`${root}/package.json`, 'utf8')) as { scripts: { start: string } };
  const words = manifest.scripts.start.trim().split(/\s+/);
  if (words[0] !== 'node' || words[words.length - 1] !== 'dist/main.js') {
    throw new Error(`package.json "start" is not "node <flags> dist/main.js": ${manifest.scripts.start}`);
  }
  return words.slice(1, -1);
}

/** One GET; resolves with the status, or 0 when nothing listens yet. */
function httpStatus(url: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve) => {
    const req = request(url, { method: 'GET', headers, timeout: 5_000 }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
    });
    req.on('error', () => resolve(0));
    req.on('timeout', () => req.destroy());
    req.end();
  });
}

export function httpGet(url: string, headers: Record<string, string>): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'GET', headers }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

function peakRss(pid: number): number | null {
  try {
    const match = /VmHWM:\s+(\d+)\s+kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Math.round(Number(match[1]) / 1024) : null;
  } catch {
    return null;
  }
}

function waitForExit(child: ChildProcess, ms: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

/** Spawns a server and polls the readiness request every 10 ms until it answers 200. */
export async function startServer(start: ServerStart): Promise<ServerProcess> {
  const [command, ...args] = start.command;
  const spawned = performance.now();
  const child = spawn(command, args, { env: { ...process.env, ...start.env }, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-20_000);
  });
  const baseUrl = `http://127.0.0.1:${start.port}`;
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    if (!(await waitForExit(child, 15_000))) {
      child.kill('SIGKILL');
      await waitForExit(child, 5_000);
    }
  };
  const deadline = spawned + (start.timeoutMs ?? 60_000);
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`${start.name} exited during start-up (${child.exitCode ?? child.signalCode}):\n${stderr.trim()}`);
    }
    if ((await httpStatus(`${baseUrl}${start.readyPath}`, start.headers)) === 200) break;
    if (performance.now() > deadline) {
      await stop();
      throw new Error(`${start.name} did not answer 200 on ${start.readyPath} within ${start.timeoutMs ?? 60_000} ms:\n${stderr.trim()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  const firstOkMs = Math.round(performance.now() - spawned);
  const pid = child.pid ?? -1;
  return { name: start.name, pid, baseUrl, firstOkMs, peakRssMb: () => peakRss(pid), stop };
}
