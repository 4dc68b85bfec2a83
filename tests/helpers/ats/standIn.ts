/**
 * What every ATS stand-in shares: a JSON server on loopback that records each call (method, path,
 * body, headers) and can be told to answer the next matching calls with a fault (a 429 with
 * Retry-After, a 500...) before it answers as the vendor would, or to do what was asked and then
 * answer with a fault (a vendor that kept the record but whose answer was lost), or to do it and then
 * never answer (`lose`: the connection left hanging past the product's time limit, or dropped), or to keep
 * the next matching call waiting until the test lets it through (a slow vendor, at a moment the test picks).
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';

export interface Recorded {
  method: string;
  path: string;
  body: unknown;
  headers: IncomingHttpHeaders;
  status: number;
}

export interface Reply {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export interface Fault extends Reply {
  method: string;
  path: RegExp;
  /** How many matching calls get the fault. */
  times: number;
  /** The call is carried out first, then answered with the fault. */
  after?: boolean;
  /** The call is carried out, then not answered: the connection hangs (until the stand-in closes) or is dropped. */
  lost?: 'hang' | 'drop';
}

export interface StandIn {
  url: string;
  calls: Recorded[];
  /** The next `times` calls matching `method` and `path` get this answer instead. */
  fail(method: string, path: RegExp, reply: Reply, times?: number): void;
  /** The next `times` matching calls are carried out, then answered with this fault. */
  failAfter(method: string, path: RegExp, reply: Reply, times?: number): void;
  /**
   * The next `times` matching calls are carried out, then never answered: 'hang' keeps the connection open
   * with no answer (the caller's time limit ends it), 'drop' closes it without one.
   */
  lose(method: string, path: RegExp, how: 'hang' | 'drop', times?: number): void;
  /** The next call matching `method` and `path` waits for `release()`; `arrived` tells when it came. */
  hold(method: string, path: RegExp): { arrived: () => boolean; release: () => void };
  close(): Promise<void>;
}

export type Handler = (req: {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  raw: string;
  headers: IncomingHttpHeaders;
}) => Reply;

export async function startStandIn(handler: Handler): Promise<StandIn> {
  const calls: Recorded[] = [];
  const faults: Fault[] = [];
  const holds: { method: string; path: RegExp; came: boolean; gate: Promise<void>; open: () => void }[] = [];
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', async () => {
      const held = holds.find(
        (h) => !h.came && h.method === req.method && h.path.test(new URL(req.url ?? '/', 'http://stand-in').pathname),
      );
      if (held) {
        held.came = true;
        await held.gate;
      }
      const url = new URL(req.url ?? '/', 'http://stand-in');
      const method = req.method ?? 'GET';
      let body: unknown = null;
      const type = req.headers['content-type'] ?? '';
      if (raw && type.includes('json')) {
        try {
          body = JSON.parse(raw);
        } catch {
          body = undefined;
        }
      } else if (raw && type.includes('x-www-form-urlencoded')) body = Object.fromEntries(new URLSearchParams(raw));
      const fault = faults.find((f) => f.times > 0 && f.method === method && f.path.test(url.pathname));
      let reply: Reply;
      if (fault) {
        fault.times--;
        if ((fault.after || fault.lost) && body !== undefined)
          handler({ method, path: url.pathname, query: url.searchParams, body, raw, headers: req.headers });
        if (fault.lost) {
          calls.push({ method, path: url.pathname + url.search, body, headers: req.headers, status: 0 });
          if (fault.lost === 'drop') req.socket.destroy();
          return;
        }
        reply = fault;
      } else if (body === undefined) reply = { status: 400, body: { error: 'invalid JSON' } };
      else reply = handler({ method, path: url.pathname, query: url.searchParams, body, raw, headers: req.headers });
      const status = reply.status ?? 200;
      calls.push({ method, path: url.pathname + url.search, body, headers: req.headers, status });
      res.statusCode = status;
      for (const [k, v] of Object.entries(reply.headers ?? {})) res.setHeader(k, v);
      if (reply.body === undefined) return res.end();
      res.setHeader('Content-Type', 'application/json');
      res.end(JSON.stringify(reply.body));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  return {
    url,
    calls,
    fail: (method, path, reply, times = 1) => faults.push({ method, path, times, ...reply }),
    failAfter: (method, path, reply, times = 1) => faults.push({ method, path, times, after: true, ...reply }),
    lose: (method, path, how, times = 1) => faults.push({ method, path, times, lost: how }),
    hold: (method, path) => {
      let open = () => {};
      const gate = new Promise<void>((r) => (open = r));
      const h = { method, path, came: false, gate, open };
      holds.push(h);
      return { arrived: () => h.came, release: () => h.open() };
    },
    close: () =>
      new Promise((r) => {
        server.close(() => r());
        // A hanging call ('hang') would keep the server open.
        server.closeAllConnections();
      }),
  };
}

export const newId = () => Math.random().toString(36).slice(2, 10);
