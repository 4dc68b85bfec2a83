/**
 * Built front ends are served as a CDN would: the build's brotli and gzip twins answer `Accept-Encoding`
 * (with `Vary`), content-hashed files are cached for a year as immutable, the HTML is revalidated on every
 * load, and nothing outside the build is reachable. A small build is made in a temporary folder by the same
 * Vite plugin `npm run build` uses, then served by the same handler the app mounts at / and /admin.
 */
import cookieParser from 'cookie-parser';
import express from 'express';
import { once } from 'node:events';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { get as httpGet, type IncomingHttpHeaders, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { errorHandler } from '../../backend/errors';
import { endpoints } from '../../backend/features';
import { spaAssets } from '../../backend/http/staticAssets';
import { logger } from '../../backend/logger';
import { precompress } from '../../scripts/vite/precompress';
import { testApp } from '../helpers/app';

let dir: string;
let http: ReturnType<typeof request>;
let server: Server;
let port: number;
const script = `export const greeting = ${JSON.stringify('hello '.repeat(400))};\n`;
const html = `<!doctype html><html lang="en"><head><script type="module" src="/assets/index-Ab12Cd34.js"></script></head><body>${'<div></div>'.repeat(80)}</body></html>`;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'assets-'));
  mkdirSync(path.join(dir, 'assets'));
  mkdirSync(path.join(dir, '.vite'));
  writeFileSync(path.join(dir, 'index.html'), html);
  writeFileSync(path.join(dir, 'assets', 'index-Ab12Cd34.js'), script);
  writeFileSync(
    path.join(dir, 'assets', 'logo-Ef56Gh78.svg'),
    `<svg xmlns="http://www.w3.org/2000/svg">${'<g/>'.repeat(200)}</svg>`,
  );
  writeFileSync(path.join(dir, 'assets', 'tiny-Ij90Kl12.js'), 'export {};\n');
  writeFileSync(path.join(dir, 'favicon.ico'), Buffer.alloc(64, 1));
  writeFileSync(path.join(dir, '.vite', 'manifest.json'), '{"secret":"build metadata"}');
  const plugin = precompress();
  (plugin.configResolved as (c: unknown) => void)({ root: dir, build: { outDir: dir } });
  (plugin.closeBundle as () => void)();
  const app = express();
  app.use('/', ...spaAssets(dir));
  app.use(errorHandler);
  http = request(app);
  server = app.listen(0, '127.0.0.1');
  await once(server, 'listening');
  port = (server.address() as AddressInfo).port;
});

afterAll(() => {
  server.close();
  rmSync(dir, { recursive: true, force: true });
});

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}
/** The bytes as they come on the wire: a client library would inflate them before they could be checked. */
const get = (url: string, encoding?: string, on = port) =>
  new Promise<Answer>((resolve, reject) => {
    const headers = encoding === undefined ? {} : { 'Accept-Encoding': encoding };
    const req = httpGet({ host: '127.0.0.1', port: on, path: url, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
  });
const raw = (res: Answer) => res.body;

describe('Compressed answers', () => {
  it('sends the brotli twin to a browser that takes br and gzip, with the script type and Vary', async () => {
    const res = await get('/assets/index-Ab12Cd34.js', 'gzip, deflate, br, zstd');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^text\/javascript/);
    expect(res.headers.vary).toMatch(/Accept-Encoding/);
    expect(brotliDecompressSync(raw(res)).toString()).toBe(script);
    expect(raw(res).length).toBeLessThan(script.length / 10);
  });

  it('sends the gzip twin to a client that takes only gzip', async () => {
    const res = await get('/assets/logo-Ef56Gh78.svg', 'gzip');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(gunzipSync(raw(res)).toString()).toContain('<svg');
  });

  it('sends the plain file when brotli is refused with q=0 and gzip not asked, or no encoding is asked', async () => {
    for (const encoding of ['br;q=0, identity', '']) {
      const res = await get('/assets/index-Ab12Cd34.js', encoding);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(raw(res).toString()).toBe(script);
      expect(res.headers.vary).toMatch(/Accept-Encoding/);
    }
  });

  it('compresses the HTML too, and leaves files too small to gain as they are', async () => {
    const page = await get('/', 'br');
    expect(page.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(raw(page)).toString()).toBe(html);
    const tiny = await get('/assets/tiny-Ij90Kl12.js', 'br, gzip');
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(raw(tiny).toString()).toBe('export {};\n');
  });
});

describe('Cache headers', () => {
  it('caches content-hashed assets for a year as immutable, whatever the encoding', async () => {
    for (const encoding of ['br', 'gzip', '']) {
      const res = await get('/assets/index-Ab12Cd34.js', encoding);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
  });

  it('has the HTML revalidated on every load, at / and at any path the app routes itself', async () => {
    for (const url of ['/', '/index.html', '/search', '/project/12']) {
      const res = await get(url, 'gzip');
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(gunzipSync(raw(res)).toString()).toBe(html);
    }
  });

  it('caches unhashed public files for an hour only', async () => {
    const res = await get('/favicon.ico', 'br');
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    expect(res.headers['content-encoding']).toBeUndefined();
  });
});

describe('Only the build is served', () => {
  it('answers a missing hashed asset with 404, not the HTML under a script name', async () => {
    const res = await http.get('/assets/index-OldBuild0.js');
    expect(res.status).toBe(404);
  });

  it('never serves build metadata, a twin by its own name, or a path that climbs out', async () => {
    for (const url of [
      '/.vite/manifest.json',
      '/assets/index-Ab12Cd34.js.br',
      '/assets/../../etc/passwd',
      '/%2e%2e/%2e%2e/etc/passwd',
    ]) {
      const res = await get(url, 'identity');
      expect(raw(res).toString()).not.toContain('build metadata');
      expect(res.headers['content-encoding']).toBeUndefined();
      if (res.status === 200) expect(raw(res).toString()).toBe(html);
    }
    expect(readFileSync(path.join(dir, 'assets', 'index-Ab12Cd34.js.br')).length).toBeGreaterThan(0);
  });

  it('leaves other methods to the routes after it', async () => {
    const res = await http.post('/assets/index-Ab12Cd34.js');
    expect(res.status).toBe(404);
  });

  it('takes a client that leaves before its file is sent for what it is, not for a server error', async () => {
    const error = vi.spyOn(logger, 'error');
    const debug = vi.spyOn(logger, 'debug');
    try {
      // Each client asks for a script and hangs up at once, as a page left while it loads does.
      for (let i = 0; i < 20; i += 1) {
        const socket = connect(port, '127.0.0.1');
        await once(socket, 'connect');
        socket.end('GET /assets/index-Ab12Cd34.js HTTP/1.1\r\nHost: x\r\nAccept-Encoding: br\r\n\r\n');
        socket.destroy();
      }
      await expect
        .poll(() => debug.mock.calls.filter(([, message]) => message === 'request abandoned by the client').length)
        .toBeGreaterThan(0);
      expect(error).not.toHaveBeenCalled();
    } finally {
      error.mockRestore();
      debug.mockRestore();
    }
  });
});

describe('Openings announced with a page', () => {
  // An app that declares what two of its pages wait on, and a build manifest that knows one of the two modules.
  const page = `<!doctype html><html lang="en"><head>
    <meta name="opening-module" content="/search features/Search.tsx" />
    <meta name="opening-request" content="/search /api/v1/search?{query}" />
    <meta name="opening-module" content="/project/{id} features/Renamed.tsx" />
    <meta name="opening-request" content="/project/{id} /api/v1/projects/find/{id}" />
    <script type="module" src="/assets/index-Aa11Bb22.js"></script></head><body></body></html>`;
  const manifest = {
    'index.html': { file: 'assets/index-Aa11Bb22.js', isEntry: true, imports: ['_shared-Cc33Dd44.js'] },
    '_shared-Cc33Dd44.js': { file: 'assets/shared-Cc33Dd44.js' },
    '_ui-Ee55Ff66.js': { file: 'assets/ui-Ee55Ff66.js', imports: ['_shared-Cc33Dd44.js'] },
    'features/Search.tsx': {
      file: 'assets/Search-Gg77Hh88.js',
      imports: ['_ui-Ee55Ff66.js', 'index.html', '_shared-Cc33Dd44.js'],
    },
  };
  let app: ReturnType<typeof request>;
  let appDir: string;
  let listening: Server;

  beforeAll(async () => {
    appDir = mkdtempSync(path.join(tmpdir(), 'openings-'));
    mkdirSync(path.join(appDir, 'assets'));
    mkdirSync(path.join(appDir, '.vite'));
    writeFileSync(path.join(appDir, 'index.html'), page);
    writeFileSync(path.join(appDir, '.vite', 'manifest.json'), JSON.stringify(manifest));
    for (const chunk of Object.values(manifest)) writeFileSync(path.join(appDir, chunk.file), 'export {};\n');
    // A signed-in visit: a page's API call is announced only to a live session whose person may make it (the API's
    // declared endpoints say who may), as static-assets-preload-session.test.ts shows.
    const t = await testApp();
    const session = `tb_session=${await t.login('owner@acme.example.com')}`;
    const server = express();
    server.use((req, _res, next) => {
      req.ctx = { knex: t.knex, config: t.config };
      req.headers.cookie ??= session;
      next();
    });
    server.use(cookieParser());
    server.use('/console', ...spaAssets(appDir, endpoints()));
    server.use('/', ...spaAssets(appDir, endpoints()));
    app = request(server);
    listening = server.listen(0, '127.0.0.1');
    await once(listening, 'listening');
  });

  afterAll(() => {
    listening.close();
    rmSync(appDir, { recursive: true, force: true });
  });

  const links = (header: string | undefined) => (header ?? '').split(/,\s*(?=<)/).filter(Boolean);

  it("preloads the entry, the page's first API call with the page's query, then the page's own chunks", async () => {
    const res = await app.get('/search?s=12&l=3').expect(200);
    expect(res.text).toBe(page);
    expect(links(res.headers.link)).toEqual([
      '</assets/index-Aa11Bb22.js>; rel=modulepreload',
      '</assets/shared-Cc33Dd44.js>; rel=modulepreload',
      '</api/v1/search?s=12&l=3>; rel=preload; as=fetch; crossorigin=use-credentials',
      '</assets/Search-Gg77Hh88.js>; rel=modulepreload',
      '</assets/ui-Ee55Ff66.js>; rel=modulepreload',
    ]);
    expect(links((await app.get('/search/').expect(200)).headers.link)).toContain(
      '</api/v1/search?>; rel=preload; as=fetch; crossorigin=use-credentials',
    );
  });

  it('sends a path segment as the app sends it, and announces nothing for a module the build does not know', async () => {
    const res = await app.get('/project/Project:7').expect(200);
    expect(links(res.headers.link)).toEqual([
      '</api/v1/projects/find/Project%3A7>; rel=preload; as=fetch; crossorigin=use-credentials',
    ]);
    const encoded = await app.get('/project/a%20b%2Fc').expect(200);
    expect(links(encoded.headers.link)).toEqual([
      '</api/v1/projects/find/a%20b%2Fc>; rel=preload; as=fetch; crossorigin=use-credentials',
    ]);
  });

  it('leaves out a call whose address could end the link, and a segment that does not decode', async () => {
    // Sent as they are, not encoded by a client library.
    for (const query of ['q=x>;rel=stylesheet', 'q="x"', 'a=1,</evil>', 'a=<b>', "q='x'%20>"]) {
      const res = await get(`/search?${query}`, undefined, (listening.address() as AddressInfo).port);
      expect(res.status, query).toBe(200);
      expect(links(res.headers.link as string | undefined), query).toEqual([
        '</assets/index-Aa11Bb22.js>; rel=modulepreload',
        '</assets/shared-Cc33Dd44.js>; rel=modulepreload',
        '</assets/Search-Gg77Hh88.js>; rel=modulepreload',
        '</assets/ui-Ee55Ff66.js>; rel=modulepreload',
      ]);
    }
    // Encoded, the same text is a query like any other.
    const encoded = await app.get('/search?q=%22x%22%3E').expect(200);
    expect(links(encoded.headers.link)[2]).toBe(
      '</api/v1/search?q=%22x%22%3E>; rel=preload; as=fetch; crossorigin=use-credentials',
    );
    const broken = await app.get('/project/%E0%A4%A').expect(200);
    expect(broken.headers.link).toBeUndefined();
  });

  it('announces nothing for other pages, for assets, or under a mount the declaration does not name', async () => {
    for (const url of ['/', '/projects', '/project/1/extra', '/searching', '/assets/Search-Gg77Hh88.js']) {
      const res = await app.get(url).expect(200);
      expect(res.headers.link, url).toBeUndefined();
    }
    const mounted = await app.get('/console/search').expect(200);
    expect(links(mounted.headers.link)[3]).toBe('</console/assets/Search-Gg77Hh88.js>; rel=modulepreload');
  });
});
