import net from 'node:net';
import type { FastifyInstance, FastifyListenOptions } from 'fastify';

/**
 * Listening sockets per server where the kernel can share a port among them (SO_REUSEPORT).
 *
 * Since libuv 1.45 (Node 20), a listening socket accepts one connection per turn of the event
 * loop. Under load a turn takes 5–10 ms, so a crowd of new connections (a restart, quote streams
 * reconnecting, a load balancer opening its pool) waits in the kernel's accept queue, the last
 * for up to N turns: in the search bench, 140 of 200 connections waited 0.6–1.3 s for their first
 * answer. With K sockets on the port the kernel spreads new connections over K queues and each
 * turn accepts up to K. Decision: docs/decisions/0021-http-hot-path.md.
 */
export const defaultListenSockets = () => (process.platform === 'linux' ? 16 : 1);

export interface ListenOptions {
  host: string;
  port: number;
  backlog: number;
  /** How many sockets to bind to the port; more than one needs SO_REUSEPORT (Linux). */
  sockets: number;
}

/**
 * Starts `app` listening on `sockets` sockets bound to one address. The first is Fastify's own;
 * the others hand each connection to the same HTTP server, so every request meets the same
 * routes, timeouts and connection bookkeeping. `app.close()` stops all of them and returns once
 * the requests in flight are answered and every connection is closed.
 * Returns the address Fastify reports.
 */
export async function listenOnSockets(app: FastifyInstance, options: ListenOptions): Promise<string> {
  const { host, backlog, sockets } = options;
  const extra: net.Server[] = [];
  const drained: Array<Promise<void>> = [];
  let closeIdleConnections: NodeJS.Timeout | undefined;
  app.addHook('preClose', (done) => {
    // Node closes the keep-alive connections that are idle when closing starts. One whose request
    // is still in flight would stay open after its answer until the keep-alive timeout (72 s),
    // and closing would wait for it; so idle connections are closed as they appear.
    closeIdleConnections = setInterval(() => app.server.closeIdleConnections(), 50);
    // Stop accepting with Fastify's own socket. Each server's close callback waits for the
    // connections it accepted, which the HTTP server alone does not count.
    for (const server of extra) drained.push(new Promise((resolve) => server.close(() => resolve())));
    done();
  });
  // onClose runs once Fastify's own server has closed; the app is closed when all have.
  app.addHook('onClose', async () => {
    await Promise.all(drained);
    clearInterval(closeIdleConnections);
  });
  if (sockets <= 1) return app.listen({ host, port: options.port, backlog });

  const port = await claimPort(host, options.port);
  // Fastify hands these options to Node's `server.listen`; its types do not list `reusePort` yet.
  const shared: FastifyListenOptions & { reusePort: boolean } = { host, port, backlog, reusePort: true };
  const address = await app.listen(shared);
  try {
    for (let i = 1; i < sockets; i++) {
      // The socket options Node's http.Server gives its own listening socket.
      const server = net.createServer({ allowHalfOpen: true, noDelay: true }, (socket) =>
        app.server.emit('connection', socket),
      );
      extra.push(server);
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen({ host, port, backlog, reusePort: true }, () => {
          server.off('error', reject);
          resolve();
        });
      });
    }
  } catch (error) {
    await app.close();
    throw error;
  }
  return address;
}

/**
 * Binds the port for a moment without SO_REUSEPORT, so a port already in use fails with
 * EADDRINUSE as a plain listen would, even when the holder is another server that shares the
 * port among its own sockets (sockets may only share a port when all of them ask to). Port 0
 * becomes a free port. The port is released again before the shared sockets bind it.
 */
function claimPort(host: string, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen({ host, port, exclusive: true }, () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : port));
    });
  });
}
