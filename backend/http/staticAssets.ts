/**
 * Serves a built single-page app the way a CDN would. The build writes a brotli and a gzip twin beside each
 * text asset (scripts/vite/precompress.ts); a request is answered with the smallest one its `Accept-Encoding`
 * takes, with `Vary: Accept-Encoding` so caches keep the variants apart. Content-hashed files under `assets/`
 * never change and are cached for a year as immutable; index.html is revalidated on every load (`no-cache`)
 * so a new build reaches users at once; other files (favicon, robots) for an hour.
 *
 * Only the files present at start-up are served, looked up by exact path: no path from a request ever
 * reaches the file system, so `..` or encoded tricks have nothing to walk. Unknown paths fall back to
 * index.html, where the app's router answers them.
 *
 * The HTML of a page its index.html declares an opening for is answered with `Link` preloads of that page's code and
 * first API calls (./openingLinks.ts). A call is announced only when the visit's session is live, read as the API reads
 * it (auth/session.ts `resolveActor`, one indexed read, and only on a page that declares a call and a visit holding
 * the cookie), and the person's ability passes the access the call's endpoint declares (`calls`, the API's declared
 * endpoints): a preload answered 401 or 403 would be taken by the page after its person signs in. The HTML itself
 * stays one precompressed file for every path.
 */
import type { Request, RequestHandler, Response } from 'express';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { abilityFor } from '../../schema/ability';
import { passesAccess, type Access } from '../endpoints/define';
import { COOKIE, resolveActor } from '../auth/session';
import { notFound } from '../errors';
import {
  announcesCalls,
  callAccess,
  openingLinks,
  readOpenings,
  type DeclaredCall,
  type Manifest,
  type Opening,
} from './openingLinks';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';
const HOUR = 'public, max-age=3600';

interface Asset {
  file: string;
  br: boolean;
  gz: boolean;
}

/** Every servable file under `dir` by its URL path ("/assets/x.js"); build metadata (.vite/) is left out. */
function scan(dir: string, prefix = ''): Map<string, Asset> {
  const out = new Map<string, Asset>();
  for (const name of readdirSync(dir)) {
    if (name.startsWith('.')) continue;
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) {
      for (const [url, asset] of scan(file, `${prefix}/${name}`)) out.set(url, asset);
    } else if (!/\.(br|gz)$/.test(name)) {
      out.set(`${prefix}/${name}`, { file, br: existsSync(`${file}.br`), gz: existsSync(`${file}.gz`) });
    }
  }
  return out;
}

/** The encoding to send: brotli over gzip, either only when the client accepts it (q > 0). */
export function chooseEncoding(header: string | undefined, asset: Asset): 'br' | 'gzip' | null {
  if (!header) return null;
  const accepted = new Set<string>();
  for (const part of header.split(',')) {
    const [coding, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (q && Number(q.slice(2)) <= 0) continue;
    accepted.add(coding.trim());
  }
  const any = accepted.has('*');
  if (asset.br && (accepted.has('br') || any)) return 'br';
  if (asset.gz && (accepted.has('gzip') || any)) return 'gzip';
  return null;
}

function send(
  res: Response,
  asset: Asset,
  acceptEncoding: string | undefined,
  cacheControl: string,
  next: (err?: unknown) => void,
) {
  const encoding = chooseEncoding(acceptEncoding, asset);
  res.vary('Accept-Encoding');
  // The type is the original file's, whichever twin is sent.
  res.type(path.extname(asset.file));
  if (encoding) res.set('Content-Encoding', encoding);
  const file = encoding ? `${asset.file}.${encoding === 'br' ? 'br' : 'gz'}` : asset.file;
  res.sendFile(
    file,
    { cacheControl: false, headers: { 'Cache-Control': cacheControl }, acceptRanges: !encoding },
    (err) => {
      if (err && !res.headersSent) next(err);
    },
  );
}

/** Whether a `Cookie` header holds a non-empty cookie `name` (read here, wherever cookie parsing is mounted). */
const hasCookie = (header: string | undefined, name: string) =>
  (header ?? '').split(';').some((part) => part.trim().startsWith(`${name}=`) && part.trim().length > name.length + 1);

/**
 * Which of a page's calls the visit is announced: none without the session cookie; otherwise those whose endpoint's
 * declared `access` the session's person passes, the session read by the API's own check (auth/session.ts
 * resolveActor: a guest unless it is live and its person may sign in) and the access checked as the endpoint checks
 * it (endpoints/define.ts passesAccess, what endpoints/mount.ts checks).
 */
async function visitCalls(
  req: Request,
  res: Response,
  access: Map<Opening, Access | undefined>,
): Promise<(opening: Opening) => boolean> {
  if (!hasCookie(req.get('Cookie'), COOKIE)) return () => false;
  await new Promise<void>((resolve, reject) => {
    Promise.resolve(resolveActor(req, res, (err?: unknown) => (err ? reject(err) : resolve()))).catch(reject);
  });
  if (req.actor.role === 'guest') return () => false;
  const ability = abilityFor(req.actor);
  return (opening) => {
    const declared = access.get(opening);
    return declared !== undefined && passesAccess(declared, false, ability);
  };
}

/** `calls`: the API's declared endpoints, whose access decides which of a page's calls its person is announced. */
export function spaAssets(dir: string, calls: readonly DeclaredCall[] = []): RequestHandler[] {
  if (!existsSync(path.join(dir, 'index.html'))) {
    return [(_req, res) => void res.status(503).type('text').send('This app is not built yet: run `npm run build`.')];
  }
  const assets = scan(dir);
  const index = assets.get('/index.html') as Asset;
  const manifest = path.join(dir, '.vite', 'manifest.json');
  const openings = readOpenings(
    readFileSync(index.file, 'utf8'),
    existsSync(manifest) ? (JSON.parse(readFileSync(manifest, 'utf8')) as Manifest) : {},
  );
  const access = new Map(openings.map((o) => [o, o.request === undefined ? undefined : callAccess(o.request, calls)]));
  const serve: RequestHandler = async (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const asset = req.path === '/index.html' ? undefined : assets.get(req.path);
    if (asset)
      return send(res, asset, req.get('Accept-Encoding'), req.path.startsWith('/assets/') ? IMMUTABLE : HOUR, next);
    // A missing hashed asset is an old build's: a 404, not the app's HTML under a script's name.
    if (req.path.startsWith('/assets/')) return next(notFound());
    const url = req.originalUrl.slice(req.baseUrl.length) || '/';
    let mayCall: ((opening: Opening) => boolean) | undefined;
    if (announcesCalls(openings, url)) {
      // Which calls are announced depends on the visit's session: a cache must not hand one visit's to another.
      res.vary('Cookie');
      mayCall = await visitCalls(req, res, access);
    }
    const links = openingLinks(openings, url, req.baseUrl, mayCall);
    if (links) res.set('Link', links);
    send(res, index, req.get('Accept-Encoding'), REVALIDATE, next);
  };
  return [serve];
}
