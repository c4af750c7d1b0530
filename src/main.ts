import 'reflect-metadata';
import { createApp, type RunningApp } from './app/create-app';
import { loadConfig } from './config/app-config';
import { DataDirInUseError } from './database/data-dir-lock';
import { loadDemoShopIfEmpty } from './fixtures/demo-shop';

/** Drains in-flight requests and closes the database on SIGTERM/SIGINT, also when it arrives during start-up. */
class GracefulShutdown {
  private running: RunningApp | null = null;
  private signal: string | null = null;

  constructor() {
    process.on('SIGTERM', () => this.request('SIGTERM'));
    process.on('SIGINT', () => this.request('SIGINT'));
  }

  attach(running: RunningApp): void {
    this.running = running;
    if (this.signal) this.stop();
  }

  private request(signal: string): void {
    if (this.signal) return;
    this.signal = signal;
    process.stderr.write(`${signal} received, finishing in-flight requests...\n`);
    if (this.running) this.stop();
  }

  private stop(): void {
    const deadline = setTimeout(() => process.exit(1), 10_000);
    deadline.unref();
    this.running?.close().then(
      () => process.exit(0),
      (error: unknown) => {
        process.stderr.write(`${String(error)}\n`);
        process.exit(1);
      },
    );
  }
}

async function main(): Promise<void> {
  const startedAt = Date.now();
  const config = loadConfig();
  const shutdown = new GracefulShutdown();
  const running = await createApp(config);
  const demoLoaded = running.database.embedded ? await loadDemoShopIfEmpty(running.app) : false;
  await running.app.listen({ host: config.host, port: config.port });
  shutdown.attach(running);

  const base = `http://${config.host === '0.0.0.0' ? '127.0.0.1' : config.host}:${config.port}`;
  const where = running.database.embedded ? `embedded PostgreSQL in ${config.dataDir}` : 'PostgreSQL server from DATABASE_URL';
  process.stderr.write(
    [
      '',
      `shop-admin-api listening on ${base} (${where}; ready in ${Date.now() - startedAt} ms)`,
      demoLoaded ? 'Loaded the demo shop (fixtures/demo.yaml) into the empty database.' : '',
      'Demo admin: username "sylius", password "sylius"; OAuth client "client_id" / "secret".',
      'Get a token:',
      `  curl -s -X POST ${base}/api/oauth/v2/token -H 'Content-Type: application/json' \\`,
      `    -d '{"grant_type":"password","client_id":"client_id","client_secret":"secret","username":"sylius","password":"sylius"}'`,
      'Then, for example:',
      `  curl -s ${base}/api/v1/customers/ -H "Authorization: Bearer <access_token>"`,
      '',
    ]
      .filter((line, index, lines) => line !== '' || index === 0 || index === lines.length - 1)
      .join('\n') + '\n',
  );

}

main().catch((error: unknown) => {
  if (error instanceof DataDirInUseError) {
    process.stderr.write(`${error.message}\n`);
  } else {
    process.stderr.write(`Failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  }
  process.exit(1);
});
