import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { listenOnSockets } from './listen';

const host = '127.0.0.1';
const apps: FastifyInstance[] = [];

async function startApp(sockets: number, port = 0) {
  const app = Fastify();
  apps.push(app);
  let received = 0;
  let answered = 0;
  app.addHook('onRequest', async () => {
    received++;
  });
  app.addHook('onResponse', async () => {
    answered++;
  });
  app.get('/ping', async () => ({ pong: true }));
  app.get('/slow', async () => {
    await new Promise((resolve) => setTimeout(resolve, 300));
    return { done: true };
  });
  // Slow only for connections that came through the extra sockets, so closing must wait for
  // them and not just for Fastify's own. Node keeps the net.Server that accepted a socket in
  // `socket._server` (`socket.server` is the HTTP server for all of them).
  app.get('/slow-unless-first-socket', async (request) => {
    const acceptedBy = (request.raw.socket as net.Socket & { _server?: unknown })._server;
    await new Promise((resolve) => setTimeout(resolve, acceptedBy === app.server ? 10 : 400));
    return { done: true };
  });
  await listenOnSockets(app, { host, port, backlog: 511, sockets });
  const address = app.server.address();
  return {
    app,
    port: typeof address === 'object' && address ? address.port : 0,
    received: () => received,
    answered: () => answered,
  };
}

afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

/** Sockets in LISTEN state on `port`, from the kernel's own table. */
function listeningSockets(port: number): number {
  const hexPort = port.toString(16).toUpperCase().padStart(4, '0');
  return fs
    .readFileSync('/proc/net/tcp', 'utf8')
    .split('\n')
    .slice(1)
    .filter((line) => {
      const fields = line.trim().split(/\s+/);
      return fields[1]?.endsWith(`:${hexPort}`) && fields[3] === '0A';
    }).length;
}

/** One GET; by default on a connection of its own. */
function get(port: number, path = '/ping', agent: http.Agent | false = false) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    http
      .get({ host, port, path, agent }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      })
      .on('error', reject);
  });
}

const statuses = async (answers: Array<Promise<{ status: number }>>) =>
  (await Promise.all(answers)).map((answer) => answer.status);

/** Waits until the app has received `count` requests (they are then in flight). */
async function untilReceived(received: () => number, count: number) {
  while (received() < count) await new Promise((resolve) => setTimeout(resolve, 5));
}

function connectionRefused(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
  });
}

describe('listenOnSockets', () => {
  it('listens once, as before, with one socket', async () => {
    const { port } = await startApp(1);
    expect(await get(port)).toEqual({ status: 200, body: '{"pong":true}' });
  });

  it('refuses a port that another server holds', async () => {
    const holder = net.createServer();
    await new Promise<void>((resolve) => holder.listen({ host, port: 0 }, resolve));
    const port = (holder.address() as net.AddressInfo).port;
    try {
      await expect(startApp(1, port)).rejects.toMatchObject({ code: 'EADDRINUSE' });
      await expect(startApp(4, port)).rejects.toMatchObject({ code: 'EADDRINUSE' });
    } finally {
      holder.close();
    }
  });

  it.each([1, 8].filter((sockets) => sockets === 1 || process.platform === 'linux'))(
    'closes keep-alive connections whose request was in flight once it is answered (%i sockets)',
    async (sockets) => {
      // Without this, close() waited for the keep-alive timeout (72 s): the test would time out.
      const { app, port, received } = await startApp(sockets);
      const agent = new http.Agent({ keepAlive: true, maxSockets: 20 });
      const requests = Array.from({ length: 20 }, () => get(port, '/slow', agent));
      await untilReceived(received, 20);
      await app.close();
      expect(await statuses(requests)).toEqual(Array(20).fill(200));
      agent.destroy();
    },
  );

  describe.skipIf(process.platform !== 'linux')('several sockets (SO_REUSEPORT)', () => {
    it('binds them all to the port and answers every connection the same way', async () => {
      const { port } = await startApp(8);
      expect(listeningSockets(port)).toBe(8);
      const answers = await Promise.all(Array.from({ length: 40 }, () => get(port)));
      expect(answers).toEqual(Array(40).fill({ status: 200, body: '{"pong":true}' }));
    });

    it('answers a client that half-closes after its request, as a plain server does', async () => {
      const { port } = await startApp(8);
      const halfClosed = () =>
        new Promise<string>((resolve, reject) => {
          let answer = '';
          const socket = net.connect({ host, port }, () => {
            socket.end('GET /ping HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n');
          });
          socket.setEncoding('utf8');
          socket.on('data', (chunk: string) => (answer += chunk));
          socket.on('close', () => resolve(answer));
          socket.on('error', reject);
        });
      const answers = await Promise.all(Array.from({ length: 40 }, halfClosed));
      expect(answers.filter((answer) => answer.endsWith('{"pong":true}'))).toHaveLength(40);
    });

    it('does not share its port with a second server started on it', async () => {
      const { port } = await startApp(8);
      await expect(startApp(8, port)).rejects.toMatchObject({ code: 'EADDRINUSE' });
      expect(listeningSockets(port)).toBe(8);
      expect((await get(port)).status).toBe(200);
    });

    it('stops listening on every socket when the app closes', async () => {
      const { app, port } = await startApp(8);
      await app.close();
      expect(listeningSockets(port)).toBe(0);
      expect(await connectionRefused(port)).toBe(true);
    });

    it('finishes the requests in flight on every socket before the app has closed', async () => {
      const { app, port, received, answered } = await startApp(8);
      const requests = Array.from({ length: 40 }, () => get(port, '/slow-unless-first-socket'));
      await untilReceived(received, 40);
      await app.close();
      expect(answered()).toBe(40);
      expect(await statuses(requests)).toEqual(Array(40).fill(200));
    });

    it('closes idle keep-alive connections on every socket when the app closes', async () => {
      const { app, port } = await startApp(8);
      const agent = new http.Agent({ keepAlive: true, maxSockets: 40 });
      const seen = new WeakSet<net.Socket>();
      const closed: Array<Promise<void>> = [];
      agent.on('free', (socket: net.Socket) => {
        if (seen.has(socket)) return;
        seen.add(socket);
        closed.push(new Promise((resolve) => socket.once('close', () => resolve())));
      });
      const pings = Array.from({ length: 40 }, () => get(port, '/ping', agent));
      expect(await statuses(pings)).toEqual(Array(40).fill(200));
      expect(closed.length).toBeGreaterThan(1);
      // Without the handover, connections of the extra sockets would stay open until keep-alive
      // timed out (72 s) and close would wait for them.
      await app.close();
      await Promise.all(closed);
      agent.destroy();
    });

    it('accepts a crowd of new connections within a few turns of the event loop', async () => {
      // One socket accepts one connection per turn (libuv >= 1.45): 48 connections take 48 turns.
      const { app, port } = await startApp(16);
      let turn = 0;
      let spinning = true;
      const spin = () => {
        turn++;
        if (spinning) setImmediate(spin);
      };
      const acceptedAtTurn: number[] = [];
      const allAccepted = new Promise<void>((resolve) =>
        app.server.on('connection', () => {
          acceptedAtTurn.push(turn);
          if (acceptedAtTurn.length === 48) resolve();
        }),
      );
      const clients = Array.from({ length: 48 }, () => net.connect({ host, port }));
      setImmediate(spin);
      await allAccepted;
      spinning = false;
      clients.forEach((client) => client.destroy());
      expect(acceptedAtTurn.at(-1)! - acceptedAtTurn[0]!).toBeLessThan(24);
    });
  });
});
