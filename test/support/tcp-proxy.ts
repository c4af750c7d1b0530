import { once } from 'node:events';
import { createServer, connect, type Server, type Socket } from 'node:net';

/** Where `cutAtCommit` loses the connection: before the COMMIT reaches the server, or after (its answer lost). */
export type CommitCut = 'before COMMIT' | 'after COMMIT';

/** How long the server is given to carry out a COMMIT that `cutAtCommit` let through before the connection goes. */
const COMMIT_GRACE_MS = 100;

/** A simple-protocol Query message of exactly `commit` (what pg sends for a transaction's COMMIT). */
function carriesCommit(chunk: Buffer): boolean {
  for (let at = chunk.indexOf('Q'); at !== -1 && at + 12 <= chunk.length; at = chunk.indexOf('Q', at + 1)) {
    if (chunk.readInt32BE(at + 1) === 11 && chunk.toString('latin1', at + 5, at + 12).toLowerCase() === 'commit\0') return true;
  }
  return false;
}

/**
 * A TCP relay between the app and its database, to take the database away in the middle of a run:
 * `cut()` ends every relayed connection and stops listening, so new connections are refused as by a
 * stopped pooler; `restore()` listens on the same port again. `cutAtCommit()` loses just the
 * connection of the next COMMIT, the one moment where the outcome of a request is unknown.
 */
export class TcpProxy {
  private readonly sockets = new Set<Socket>();
  private server: Server | null = null;
  private boundPort = 0;
  private commitTrap: { where: CommitCut; sprung: () => void } | null = null;

  private constructor(private readonly target: { host: string; port: number }) {}

  /** A relay on a free loopback port to the host and port of `databaseUrl`. */
  static async start(databaseUrl: string): Promise<TcpProxy> {
    const url = new URL(databaseUrl);
    const proxy = new TcpProxy({ host: url.hostname, port: Number(url.port || 5432) });
    await proxy.listen(0);
    return proxy;
  }

  get port(): number {
    return this.boundPort;
  }

  /** `databaseUrl` with its host and port replaced by the relay's. */
  url(databaseUrl: string): string {
    const url = new URL(databaseUrl);
    url.hostname = '127.0.0.1';
    url.port = String(this.port);
    return url.toString();
  }

  /** Ends every relayed connection (`reset`: with a TCP reset instead of a FIN) and refuses new ones. */
  async cut(how: 'end' | 'reset' = 'end'): Promise<void> {
    const server = this.server;
    this.server = null;
    const closed = server === null ? Promise.resolve() : new Promise<void>((resolve) => server.close(() => resolve()));
    for (const socket of this.sockets) {
      if (how === 'reset') socket.resetAndDestroy();
      else socket.destroy();
    }
    this.sockets.clear();
    await closed;
  }

  /**
   * Loses the connection that sends the next COMMIT, either before it reaches the server (which then
   * rolls the transaction back) or right after (the server commits, the client never hears so). Other
   * connections go on. Settles once the connection is gone.
   */
  cutAtCommit(where: CommitCut): Promise<void> {
    return new Promise((sprung) => {
      this.commitTrap = { where, sprung };
    });
  }

  /** Accepts connections again, on the same port. */
  async restore(): Promise<void> {
    if (this.server === null) await this.listen(this.boundPort);
  }

  close(): Promise<void> {
    return this.cut();
  }

  private async listen(port: number): Promise<void> {
    const server = createServer((client) => this.relay(client));
    server.listen(port, '127.0.0.1');
    await once(server, 'listening');
    this.server = server;
    this.boundPort = (server.address() as { port: number }).port;
  }

  private relay(client: Socket): void {
    const upstream = connect(this.target.port, this.target.host);
    this.sockets.add(client).add(upstream);
    const end = (): void => {
      client.destroy();
      upstream.destroy();
      this.sockets.delete(client);
      this.sockets.delete(upstream);
    };
    for (const socket of [client, upstream]) {
      socket.on('error', end);
      socket.on('close', end);
    }
    let severed = false;
    client.on('data', (chunk: Buffer) => {
      const trap = this.commitTrap;
      if (severed) return;
      if (trap === null || !carriesCommit(chunk)) {
        upstream.write(chunk);
        return;
      }
      this.commitTrap = null;
      severed = true;
      const lose = (): void => {
        end();
        trap.sprung();
      };
      if (trap.where === 'before COMMIT') lose();
      else upstream.write(chunk, () => setTimeout(lose, COMMIT_GRACE_MS));
    });
    upstream.on('data', (chunk: Buffer) => {
      if (!severed) client.write(chunk);
    });
  }
}
