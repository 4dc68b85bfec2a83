/**
 * The live channel in API tests: the app on a real HTTP server on loopback with the channel
 * attached, and sockets that sign in with the session cookie the way a browser page does.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocket } from 'ws';
import { attachLive, type Live } from '../../backend/features/live';
import type { TestApp } from './app';
import { pipelineWorld, type PipelineWorld } from './pipeline';

export interface LiveServer {
  origin: string;
  live: Live;
  close(): Promise<void>;
}

export async function liveServer(t: TestApp): Promise<LiveServer> {
  const server: Server = createServer(t.app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const live = await attachLive(server, { knex: t.knex, config: t.config });
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    live,
    close: async () => {
      await live.close();
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    },
  };
}

/** The pipeline world (pipeline.ts) with its app on a live server; close both with `closeLiveWorld`. */
export async function livePipelineWorld(): Promise<{ w: PipelineWorld; s: LiveServer }> {
  const w = await pipelineWorld();
  return { w, s: await liveServer(w.t) };
}

/** Closes what `livePipelineWorld` opened; either may be missing when its beforeAll failed. */
export async function closeLiveWorld(w: PipelineWorld | undefined, s: LiveServer | undefined): Promise<void> {
  await s?.close();
  await w?.t.knex.destroy();
}

export interface Message {
  type: string;
  id?: number;
  topic?: string;
  subjectId?: number;
  kind?: string;
  last?: number;
}

export interface LiveSocket {
  ws: WebSocket;
  received: Message[];
  /** Waits for a message matching `match`, already received or arriving within `ms`. */
  next(match: (m: Message) => boolean, ms?: number): Promise<Message>;
  /** Waits `ms` and returns the events received meanwhile (to show that something did not arrive). */
  quiet(ms?: number): Promise<Message[]>;
  close(): void;
}

/** Opens a socket with the session cookie of `token`; resolves with the status of a refused upgrade instead. */
export function openSocket(
  s: LiveServer,
  token: string | undefined,
  opts: { origin?: string; after?: number } = {},
): Promise<LiveSocket | { refused: number }> {
  const url = `${s.origin.replace('http', 'ws')}/api/v1/live${opts.after !== undefined ? `?after=${opts.after}` : ''}`;
  const headers: Record<string, string> = {};
  if (token) headers.cookie = `tb_session=${token}`;
  const ws = new WebSocket(url, { headers, origin: opts.origin ?? s.origin });
  const received: Message[] = [];
  const waiters: (() => void)[] = [];
  ws.on('message', (data) => {
    // A frame is one message or an array of events sent together.
    const parsed = JSON.parse(String(data)) as Message | Message[];
    received.push(...(Array.isArray(parsed) ? parsed : [parsed]));
    for (const w of waiters.splice(0)) w();
  });
  return new Promise((resolve, reject) => {
    ws.once('unexpected-response', (_req, res) => resolve({ refused: res.statusCode ?? 0 }));
    ws.once('error', reject);
    ws.once('open', () =>
      resolve({
        ws,
        received,
        next: (match, ms = 3000) =>
          new Promise((ok, fail) => {
            const timer = setTimeout(
              () => fail(new Error(`no matching message within ${ms} ms; got ${JSON.stringify(received)}`)),
              ms,
            );
            const look = () => {
              const found = received.find(match);
              if (found) {
                clearTimeout(timer);
                ok(found);
              } else waiters.push(look);
            };
            look();
          }),
        quiet: async (ms = 500) => {
          const from = received.length;
          await new Promise((r) => setTimeout(r, ms));
          return received.slice(from).filter((m) => m.type === 'event');
        },
        close: () => ws.close(),
      }),
    );
  });
}

/** The socket, failing the test when the upgrade was refused. */
export async function socketOf(
  s: LiveServer,
  token: string,
  opts: { origin?: string; after?: number } = {},
): Promise<LiveSocket> {
  const sock = await openSocket(s, token, opts);
  if ('refused' in sock) throw new Error(`socket refused with ${sock.refused}`);
  return sock;
}
