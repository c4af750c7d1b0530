import 'reflect-metadata';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { MikroORM } from '@mikro-orm/postgresql';
import { createApp, type RunningApp } from './app/create-app';
import { startupBanner } from './app/startup-banner';
import { ConfigError, loadConfig } from './config/app-config';
import { DataDirInUseError } from './database/data-dir-lock';
import { demoLoginWorks } from './fixtures/demo-login';
import { loadDemoShopIfEmpty } from './fixtures/demo-shop';

/** After the drain timeout, how long closing the database may still take before the process gives up. */
const CLOSE_GRACE_MS = 5_000;

/**
 * On SIGTERM/SIGINT (also during start-up): stop accepting connections, let in-flight requests finish
 * within the timeout, then close the ORM and the database and exit 0. Requests still running at the
 * deadline have their connections closed and the exit code is 1.
 */
class GracefulShutdown {
  private running: RunningApp | null = null;
  private signal: string | null = null;

  constructor(private readonly timeoutMs: number) {
    process.on('SIGTERM', () => this.request('SIGTERM'));
    process.on('SIGINT', () => this.request('SIGINT'));
  }

  attach(running: RunningApp): void {
    this.running = running;
    if (this.signal) void this.stop(running);
  }

  private request(signal: string): void {
    // npm start and a terminal may both deliver one Ctrl-C; the first one is in charge.
    if (this.signal) return;
    this.signal = signal;
    process.stderr.write(`${signal} received, finishing in-flight requests (up to ${this.timeoutMs} ms)...\n`);
    if (this.running) void this.stop(this.running);
  }

  private async stop(running: RunningApp): Promise<void> {
    let cutOff = false;
    const drainDeadline = setTimeout(() => {
      cutOff = true;
      process.stderr.write(`Requests still running after ${this.timeoutMs} ms: closing their connections.\n`);
      running.app.getHttpServer().closeAllConnections();
      setTimeout(() => process.exit(1), CLOSE_GRACE_MS);
    }, this.timeoutMs);
    try {
      // Stops the HTTP server and waits for its requests first, then closes the ORM and the database.
      await running.close();
    } catch (error) {
      process.stderr.write(`Shutdown failed: ${String(error)}\n`);
      process.exit(1);
    }
    clearTimeout(drainDeadline);
    process.exit(cutOff ? 1 : 0);
  }
}

async function main(): Promise<void> {
  const startedAt = Date.now();
  const config = loadConfig();
  const shutdown = new GracefulShutdown(config.shutdownTimeoutMs);
  const running = await createApp(config);
  const demoLoaded = running.database.embedded ? await loadDemoShopIfEmpty(running.app) : false;
  // The demo login check (an Argon2 verification) overlaps the listen, so nothing is awaited once shutdown is attached.
  const [readyMs, demoLogin] = await Promise.all([
    running.app.listen({ host: config.host, port: config.port }).then(() => Date.now() - startedAt),
    demoLoginWorks(running.app.get<MikroORM>(MikroORM).em.fork()),
  ]);
  shutdown.attach(running);

  const base = `http://${config.host === '0.0.0.0' ? '127.0.0.1' : config.host}:${config.port}`;
  const npmScripts = existsSync(join(__dirname, '..', 'scripts', 'ensure-build.js'));
  process.stderr.write(startupBanner({ base, embedded: running.database.embedded, dataDir: config.dataDir, readyMs, demoLoaded, demoLogin, npmScripts }));
}

main().catch((error: unknown) => {
  if (error instanceof DataDirInUseError) {
    process.stderr.write(`${error.message}\n`);
  } else if (error instanceof ConfigError) {
    process.stderr.write(`Failed to start: ${error.message}\n`);
  } else {
    process.stderr.write(`Failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  }
  process.exit(1);
});
