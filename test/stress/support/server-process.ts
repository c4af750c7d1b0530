import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { ApiClient } from './api-client';

export const ROOT = join(__dirname, '..', '..', '..');

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export interface ServerProcess {
  name: string;
  pid: number;
  url: string;
  client: ApiClient;
  /** stderr and stdout so far (start-up banner, warnings, errors). */
  output(): string;
  /** Graceful stop (SIGTERM); resolves with the exit code. */
  stop(): Promise<number | null>;
  /** kill -9: no shutdown hooks, no flushing, in-flight requests are cut. */
  kill9(): Promise<void>;
}

const ready = async (client: ApiClient): Promise<boolean> => {
  try {
    await client.request('GET', '/api/v1/nope');
    return true;
  } catch {
    return false;
  }
};

/** Starts `node dist/main.js` the way an operator does (with `nodeArgs` before it) and waits until it answers HTTP. */
export async function startServer(name: string, env: Record<string, string>, nodeArgs: string[] = []): Promise<ServerProcess> {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, [...nodeArgs, 'dist/main.js'], {
    cwd: ROOT,
    env: { ...process.env, LOG_LEVEL: 'warn', HOST: '127.0.0.1', ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  // 'close' (after the pipes are drained), so the output printed for a failed server is complete.
  const exited = new Promise<number | null>((resolve) => child.once('close', (code) => resolve(code)));
  let hasExited = false;
  void exited.then(() => (hasExited = true));

  const url = `http://127.0.0.1:${port}`;
  const client = new ApiClient(url);
  const deadline = Date.now() + 180_000;
  while (!(await ready(client))) {
    if (hasExited) throw new Error(`server ${name} exited during start-up:\n${output}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server ${name} did not answer within 180 s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    name,
    pid: child.pid ?? -1,
    url,
    client,
    output: () => output,
    async stop() {
      if (!hasExited) child.kill('SIGTERM');
      return exited;
    },
    async kill9() {
      if (!hasExited) child.kill('SIGKILL');
      await exited;
    },
  };
}

/** Runs a CLI of the build (`dist/cli/...`) to completion. */
export function runNode(args: string[], env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: ROOT, env: { ...process.env, LOG_LEVEL: 'warn', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', reject);
    // 'close', not 'exit': at 'exit' the pipes may still hold output not yet read (seen with 20 at once on a busy machine).
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** Stops the servers gracefully (printing the output of any that did not exit 0), then drops their database. */
export async function stopServers(servers: ServerProcess[], database: { drop(): Promise<void> } | undefined): Promise<void> {
  for (const server of servers) {
    server.client.close();
    const code = await server.stop();
    if (code !== 0) process.stderr.write(`server ${server.name} exited with ${code}:\n${server.output()}\n`);
  }
  await database?.drop();
}
