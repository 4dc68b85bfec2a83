/** The Express application factory: API, admin console and portal on one origin. No listen here. */
import cookieParser from 'cookie-parser';
import express, { type Express } from 'express';
import path from 'node:path';
import { resources } from '../schema';
import { uploadsRouter } from './adapters/storage/serve';
import { authRouter } from './auth/routes';
import { resolveActor } from './auth/session';
import { ROOT } from './config';
import type { AppContext } from './context';
import { crudRouter } from './crud/router';
import { devApiRouter, devRoutesMounted, mailboxPage } from './features/dev';
import { errorHandler, notFound } from './errors';
import { endpoints, featureRouters, listHandlers, ONE_CLICK_PATHS } from './features';
import { entityWrites } from './features/writes';
import { mountEndpoints } from './endpoints/mount';
import { noticeGate } from './features/dataRights';
import { healthRoutes, readinessFor } from './http/readiness';
import { metricsRoute } from './http/metrics';
import { requestLog } from './http/requestLog';
import { watchJobQueue, watchPool } from './metrics';
import { pictureShown } from './services/candidateGate';
import { guardBody, guardBodyType, guardUrl, oneClickForm, verifyUtf8 } from './http/inputGuard';
import { dataHeaders, pageHeaders } from './http/security';
import { spaAssets } from './http/staticAssets';
import { compressJson } from './http/compressJson';

export function createApp(ctx: AppContext): Express {
  watchPool(ctx.knex, 'primary');
  watchJobQueue(ctx.knex);
  const dev = devRoutesMounted(ctx.config);
  const app = express();
  app.disable('x-powered-by');
  // X-Forwarded-For names the client only when it comes from a proxy the operator listed (TRUST_PROXY);
  // otherwise anyone could pass the per-IP limits by rotating it.
  app.set('trust proxy', ctx.config.trustProxy.length ? ctx.config.trustProxy : false);
  app.set('query parser', 'simple');
  // First, so every line logged while a request is handled carries its id.
  app.use(requestLog(ctx.config));
  app.use((req, res, next) => {
    req.ctx = ctx;
    res.set('Access-Control-Expose-Headers', 'Content-Range');
    next();
  });
  app.use(pageHeaders(ctx.config));
  app.use(guardUrl);
  app.use(cookieParser());

  const api = express.Router();
  api.use(dataHeaders);
  api.use(compressJson);
  // A mail program's one-click unsubscribe posts a form (RFC 8058); no other API route takes one.
  for (const path of ONE_CLICK_PATHS) api.post(path, oneClickForm);
  api.use(guardBodyType);
  api.use(express.json({ limit: '1mb', verify: verifyUtf8 }));
  api.use(guardBody);
  api.use(resolveActor);
  // A candidate who has not accepted the notice in force writes only their consents and data rights.
  api.use(noticeGate);
  api.use('/auth', authRouter());
  if (dev) api.use('/dev', devApiRouter());
  // Capability routes first: they own paths such as /company-users/invite that /:id would take.
  const declared = endpoints();
  api.use(mountEndpoints(declared));
  for (const [mount, router] of featureRouters()) api.use(mount, router);
  const lists = listHandlers();
  for (const entity of resources) api.use(`/${entity.resource}`, crudRouter(entity, lists[entity.name], entityWrites));
  api.use(() => {
    throw notFound();
  });
  app.use('/api/v1', api);

  if (dev) app.use('/dev/mailbox', mailboxPage());
  // The server's own paths never fall through to a single-page app's index.html (e.g. /dev/mailbox in production).
  app.use(['/api', '/dev'], () => {
    throw notFound();
  });
  app.use(healthRoutes(ctx.readiness ?? readinessFor(ctx.knex, ctx.config)));
  app.get('/metrics', metricsRoute(ctx.config));
  app.use(
    '/uploads',
    dataHeaders,
    resolveActor,
    uploadsRouter((req, picturePath) => pictureShown(req.ctx.knex, req.actor, picturePath)),
  );
  // Spec paths of console screens lead to the console, query string kept (e.g. /companies?status=0).
  for (const screen of ['companies', 'admins', 'tags']) {
    app.get(`/${screen}`, (req, res) => res.redirect(302, `/admin${req.originalUrl}`));
  }
  // Talent has screens below its path too: /talent/add, /talent/edit/:id, /talent/:id.
  app.get(['/talent', '/talent/*rest'], (req, res) => res.redirect(302, `/admin${req.originalUrl}`));
  // A page's first API calls are announced only to those the endpoints' declared access lets make them.
  app.use('/admin', ...spaAssets(path.join(ROOT, 'dist', 'admin'), declared));
  app.use('/', ...spaAssets(path.join(ROOT, 'dist', 'portal'), declared));
  app.use(errorHandler);
  return app;
}
