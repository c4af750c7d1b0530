import { once } from 'node:events';
import { connect, createServer, type Socket } from 'node:net';

export interface TcpProxy {
  port: number;
  /** Stops listening and cuts every connection: to its clients, the server behind it is gone. */
  close(): Promise<void>;
}

/** A loopback TCP proxy to `host:port`, to take a server away from a client in the middle of a test. */
export async function startTcpProxy(host: string, port: number): Promise<TcpProxy> {
  const sockets = new Set<Socket>();
  const track = (socket: Socket): void => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  };
  const server = createServer((client) => {
    const upstream = connect(port, host);
    track(client);
    track(upstream);
    const cut = (): void => {
      client.destroy();
      upstream.destroy();
    };
    for (const socket of [client, upstream]) {
      socket.once('error', cut);
      socket.once('close', cut);
    }
    client.pipe(upstream);
    upstream.pipe(client);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    port: (server.address() as { port: number }).port,
    async close() {
      const closed = once(server, 'close');
      server.close();
      for (const socket of sockets) socket.destroy();
      await closed;
    },
  };
}
