/**
 * Every request gets an id: a sane incoming X-Request-Id (a proxy's or a load balancer's) is kept,
 * otherwise one is made; it is echoed in the response's X-Request-Id and carried by every log line
 * written while the request is handled (the logger's context), by its statements and by the jobs it
 * queues (db/requestJobs.ts). When it ends, its time is counted under its declared route and
 * status, and it is logged; a slow one or a 5xx as a warning.
 */
import { randomUUID } from 'node:crypto';
import type { RequestHandler, Request } from 'express';
import type { Config } from '../config';
import { logContext, logger, type LogContext } from '../logger';
import { httpRequestDuration } from '../metrics';

/** Letters, digits and a few separators, at most 100: an id, never a way into the logs. */
const SANE_ID = /^[A-Za-z0-9._:@/+=-]{1,100}$/;

/**
 * The route Express matched, with the path of the routers it is mounted under (`/api/v1/projects/:id`),
 * or a fixed name for what no route matched (static files, unknown API paths), so ids never make labels.
 */
function routeOf(req: Request, matched: string | undefined): string {
  if (matched) return matched;
  return req.originalUrl.startsWith('/api/') ? 'unmatched' : 'static';
}

export function requestLog(config: Config): RequestHandler {
  return (req, res, next) => {
    const incoming = req.get('x-request-id');
    const reqId = incoming && SANE_ID.test(incoming) ? incoming : randomUUID();
    res.set('X-Request-Id', reqId);
    const store: LogContext = { reqId };
    // Express assigns req.route when a route matches; its mount path is req.baseUrl at that moment only
    // (it is restored as the request leaves each router), so both are kept as it is assigned.
    let route: unknown;
    Object.defineProperty(req, 'route', {
      configurable: true,
      enumerable: true,
      get: () => route,
      set(value: { path?: unknown } | undefined) {
        route = value;
        const path = value?.path;
        // Mount paths match whatever the letters' case (`/API/V1/Countries`) and are all written in lower case: the
        // label is the declared one, so a client cannot make new series by changing case.
        if (path !== undefined)
          store.route = `${req.baseUrl.toLowerCase()}${Array.isArray(path) ? path.join('|') : String(path)}`;
      },
    });
    const started = performance.now();
    res.once('finish', () => {
      const seconds = (performance.now() - started) / 1000;
      const labels = { method: req.method, route: routeOf(req, store.route), status: String(res.statusCode) };
      httpRequestDuration.observe(labels, seconds);
      const ms = Math.round(seconds * 1000);
      // The path without its query string, which can hold what a person searched for.
      const line = { ...labels, path: req.path, ms, reqId };
      if (res.statusCode >= 500) logger.warn(line, 'request failed');
      else if (ms >= config.slow.requestMs) logger.warn(line, 'slow request');
      else logger.debug(line, 'request');
    });
    logContext.run(store, next);
  };
}
