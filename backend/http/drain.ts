/**
 * A web process's graceful stop: it has already reported not ready (readiness.ts); after
 * SHUTDOWN_NOTICE_MS, for a load balancer to notice, it stops accepting connections, asks each live
 * socket to reconnect (close code 1012, "service restart": the page reconnects at once, reaching
 * another process, and catches up from its last event), lets in-flight requests finish within
 * SHUTDOWN_TIMEOUT_MS and then cuts what is left.
 */
import type { Server } from 'node:http';
import type { WebSocket } from 'ws';
import { logger } from '../logger';

/** WebSocket close code 1012: the server restarts; the client should reconnect. */
export const RECONNECT = 1012;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export async function drainServer(
  server: Server,
  sockets: Iterable<{ ws: WebSocket }>,
  { noticeMs, withinMs }: { noticeMs: number; withinMs: number },
): Promise<void> {
  if (noticeMs > 0) await sleep(noticeMs);
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  for (const { ws } of sockets) ws.close(RECONNECT, 'server restarting');
  // close() ends the idle keep-alive connections once; those whose request is running go idle when it
  // ends and are closed then. The first sweep waits a moment: a connection accepted just before the
  // listener closed is idle until its request arrives.
  const idle = setInterval(() => server.closeIdleConnections(), 100);
  const finished = await Promise.race([closed.then(() => true), sleep(withinMs).then(() => false)]);
  clearInterval(idle);
  if (!finished) {
    logger.warn({ withinMs }, 'requests still running at the shutdown bound were cut');
    for (const { ws } of sockets) ws.terminate();
    server.closeAllConnections();
    await closed;
  }
}
