/**
 * Built front ends are served as a CDN would: the build's brotli and gzip twins answer `Accept-Encoding`
 * (with `Vary`), content-hashed files are cached for a year as immutable, the HTML is revalidated on every
 * load, and nothing outside the build is reachable. A small build is made in a temporary folder by the same
 * Vite plugin `npm run build` uses, then served by the same handler the app mounts at / and /admin.
 */
import express from 'express';
import { once } from 'node:events';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { get as httpGet, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorHandler } from '../../backend/errors';
import { spaAssets } from '../../backend/http/staticAssets';
import { precompress } from '../../scripts/vite/precompress';

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
const get = (url: string, encoding?: string) =>
  new Promise<Answer>((resolve, reject) => {
    const headers = encoding === undefined ? {} : { 'Accept-Encoding': encoding };
    const req = httpGet({ host: '127.0.0.1', port, path: url, headers }, (res) => {
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
});
