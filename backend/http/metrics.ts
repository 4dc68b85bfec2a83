/**
 * /metrics in Prometheus' text format. On the app's port it answers only a caller presenting
 * `Authorization: Bearer <METRICS_TOKEN>`; without a token configured it is not there (404). On
 * METRICS_PORT, a port of its own meant for a private network, it answers whoever reaches it.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { RequestHandler } from 'express';
import type { Config } from '../config';
import { notFound, unauthorized } from '../errors';
import { logger } from '../logger';
import { registry } from '../metrics';

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Compared as digests, so the comparison takes the same time whatever was sent. */
function tokenMatches(header: string | undefined, token: string): boolean {
  const sent = /^Bearer (.+)$/.exec(header ?? '')?.[1];
  return sent !== undefined && timingSafeEqual(digest(sent), digest(token));
}

export function metricsRoute(config: Config): RequestHandler {
  return async (req, res) => {
    const { token } = config.metrics;
    if (!token) throw notFound();
    if (!tokenMatches(req.get('authorization'), token)) {
      res.set('WWW-Authenticate', 'Bearer');
      throw unauthorized();
    }
    res
      .set('Content-Type', registry.contentType)
      .set('Cache-Control', 'no-store')
      .send(await registry.metrics());
  };
}

/** The metrics on a port of their own; resolves once it listens. */
export async function listenForMetrics(port: number): Promise<Server> {
  const server = createServer((req, res) => {
    const target = req.url ?? '/';
    // A target that is no URL (`GET //@`) is simply not /metrics: it must not throw out of the handler.
    if (
      req.method !== 'GET' ||
      !URL.canParse(target, 'http://local') ||
      new URL(target, 'http://local').pathname !== '/metrics'
    ) {
      res.writeHead(404).end();
      return;
    }
    registry.metrics().then(
      (text) => res.writeHead(200, { 'Content-Type': registry.contentType }).end(text),
      (err: Error) => {
        logger.error({ message: err.message }, 'metrics: could not collect');
        res.writeHead(500).end();
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, () => resolve());
  });
  return server;
}
