/**
 * The live channel's endpoint: GET /api/v1/live upgraded to a WebSocket on the server's own port.
 * It accepts only the session cookie (never a token in the URL, which logs would keep) and only
 * from a page of our own origin (the Origin header names our Host, or PUBLIC_URL's host when a
 * reverse proxy passes its upstream as Host: see auth/origin.ts), since browsers send cookies with
 * cross-site WebSocket requests. It carries events only, server to browser: every change is
 * an HTTP call. `?after=<id>` resumes after the last event the page saw. A session holds at most
 * MAX_SOCKETS_PER_SESSION sockets in a process (one per page): the next is refused with 429. What a
 * socket's person may read is checked again when their access changes (access.ts).
 *
 * One odd or abandoned request never takes the process down: a request target that is no URL is
 * refused (400), a client that resets its connection while the session is read only ends its own
 * socket (it has an 'error' listener of ours until `ws` takes it over, as the ws README shows), and
 * whatever else the upgrade throws is logged and ends that socket alone.
 */
import { parse as parseCookies } from 'cookie';
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';
import { abilityFor } from '../../../schema/ability';
import { actorOf, assertMaySignIn, findSession } from '../../auth/accounts';
import { isOwnOrigin } from '../../auth/origin';
import { COOKIE } from '../../auth/session';
import { sha256 } from '../../auth/tokens';
import type { AppContext } from '../../context';
import { logger } from '../../logger';
import { MAX_SOCKETS_PER_SESSION, mayListen, type LiveClient } from './access';
import { LiveHub } from './hub';

export const LIVE_PATH = '/api/v1/live';

/** Sockets that stop answering pings are closed, and sessions are checked again, this often. */
const HEARTBEAT_MS = 30_000;

/** A socket's error before the upgrade (mostly a client that reset the connection): it ends that socket alone. */
function onSocketError(this: Duplex, err: Error): void {
  logger.debug({ message: err.message }, 'live channel: connection failed before the upgrade');
  this.destroy();
}

function refuse(socket: Duplex, status: number, text: string): void {
  // The client may have gone meanwhile (reset while its session was read): nothing to answer.
  if (socket.destroyed) return;
  socket.end(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}

/** Whether the request comes from a page of our own origin: its Origin names our Host or PUBLIC_URL's (auth/origin.ts). */
export function sameOrigin(req: IncomingMessage, config: Pick<AppContext['config'], 'publicUrl'>): boolean {
  const origin = req.headers.origin;
  return !!origin && isOwnOrigin(origin, req.headers.host, config);
}

export interface Live {
  hub: LiveHub;
  close(): Promise<void>;
}

/** Attaches the live channel to an HTTP server (the one that serves the app) and starts listening to the database. */
export async function attachLive(server: Server, ctx: AppContext): Promise<Live> {
  const hub = new LiveHub(ctx.knex);
  await hub.start();
  const wss = new WebSocketServer({ noServer: true, maxPayload: 4096 });
  const alive = new WeakMap<object, boolean>();

  const onUpgrade = async (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    if (!URL.canParse(req.url ?? '/', 'http://local')) return refuse(socket, 400, 'Bad Request');
    const url = new URL(req.url ?? '/', 'http://local');
    if (url.pathname !== LIVE_PATH) return refuse(socket, 404, 'Not Found');
    if (!sameOrigin(req, ctx.config)) return refuse(socket, 403, 'Forbidden');
    const token = parseCookies(req.headers.cookie ?? '')[COOKIE];
    if (!token) return refuse(socket, 401, 'Unauthorized');
    const afterRaw = url.searchParams.get('after');
    const after = afterRaw === null || afterRaw === '' ? undefined : Number(afterRaw);
    if (after !== undefined && (!Number.isSafeInteger(after) || after < 0)) return refuse(socket, 400, 'Bad Request');
    try {
      const changes = hub.accessChanges;
      const session = await findSession(ctx.knex, sha256(token));
      if (!session?.account) return refuse(socket, 401, 'Unauthorized');
      assertMaySignIn(session.account);
      const actor = actorOf(session.account);
      if (!mayListen(actor)) return refuse(socket, 403, 'Forbidden');
      // Counted and added in the same turn (the upgrade's callback runs at once), so no race lets more in.
      if (hub.socketsOf(session.id) >= MAX_SOCKETS_PER_SESSION) return refuse(socket, 429, 'Too Many Requests');
      const tokenHash = sha256(token);
      // From here `ws` listens for the socket's errors (and ends the socket on one).
      socket.removeListener('error', onSocketError);
      wss.handleUpgrade(req, socket, head, (ws) => {
        const client: LiveClient = { ws, actor, ability: abilityFor(actor), sessionId: session.id, tokenHash };
        hub.clients.add(client);
        // Someone's access changed while this session was read: read it again, to be sure it is not stale.
        if (hub.accessChanges !== changes)
          void hub.recheck([client]).catch((err) => logger.warn({ err }, 'live channel: access check failed'));
        alive.set(ws, true);
        ws.on('pong', () => alive.set(ws, true));
        ws.on('close', () => hub.clients.delete(client));
        ws.on('error', () => hub.clients.delete(client));
        // The channel carries events one way: whatever a page sends is ignored.
        ws.on('message', () => {});
        void hub.replay(client, after).catch((err) => {
          logger.error({ err }, 'live channel: replay failed');
          ws.close(1011, 'replay failed');
        });
      });
    } catch {
      refuse(socket, 401, 'Unauthorized');
    }
  };
  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    // Node drops its own error listener once the socket is handed here: without one, a reset would crash the process.
    socket.on('error', onSocketError);
    onUpgrade(req, socket, head).catch((err: unknown) => {
      logger.error({ err }, 'live channel: upgrade failed');
      socket.destroy();
    });
  });

  const heartbeat = setInterval(() => {
    for (const ws of wss.clients) {
      if (!alive.get(ws)) ws.terminate();
      else {
        alive.set(ws, false);
        ws.ping();
      }
    }
    void hub.checkSessions().catch((err) => logger.warn({ err }, 'live channel: session check failed'));
    void hub.checkListener();
  }, HEARTBEAT_MS);
  heartbeat.unref();

  return {
    hub,
    close: async () => {
      clearInterval(heartbeat);
      await hub.stop();
      wss.close();
    },
  };
}
