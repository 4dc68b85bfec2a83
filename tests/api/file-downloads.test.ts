/**
 * Stored files leave through one sender (backend/http/sendStream.ts) that lets go of the stored stream whatever ends
 * the answer. A download the client abandons after its first bytes must give back what it held: with S3 each open
 * object holds one of the SDK's pooled sockets (50), so abandoned downloads that kept theirs would leave every later
 * storage call waiting for good. And a file's name is read as the browser sends it (UTF-8) and given back intact in
 * the download's Content-Disposition.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import type { S3Settings } from '../../backend/adapters/storage/s3';
import { testApp, type TestApp } from '../helpers/app';
import { pdfOf } from '../helpers/cvs';
import { listenUntilFileEnd } from '../helpers/fileEnd';
import { makeProject } from '../helpers/interviews';

const BUCKET = 'file-downloads';
/** More abandoned downloads than the S3 client's pool has sockets. */
const ABANDONED = 60;

/**
 * S3 as far as these files go (path-style PUT and GET in memory), where a GET of a key in `endless` sends a body far
 * larger than every buffer between the store and the client (1 GiB announced), a chunk each time the last is taken:
 * however fast the loopback, such a download is still open when its client goes, and ends only when the app lets go.
 * `open` counts those answers still open.
 */
function s3WithEndlessObjects() {
  const objects = new Map<string, Buffer>();
  const endless = new Set<string>();
  const state = { open: 0 };
  const chunk = Buffer.alloc(64 * 1024, 7);
  const server = http.createServer(async (req, res) => {
    const key = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname).slice(`/${BUCKET}/`.length);
    if (req.method === 'PUT') {
      const chunks: Buffer[] = [];
      for await (const part of req) chunks.push(part as Buffer);
      objects.set(key, Buffer.concat(chunks));
      res.writeHead(200, { ETag: '"1"' }).end();
    } else if (req.method === 'GET' && endless.has(key)) {
      state.open += 1;
      res.on('close', () => (state.open -= 1));
      res.writeHead(200, { 'Content-Type': 'application/octet-stream', 'Content-Length': String(2 ** 30) });
      let sent = 0;
      const pump = () => {
        while (!res.destroyed && sent < 2 ** 30 && res.write(chunk)) sent += chunk.length;
      };
      res.on('drain', pump);
      pump();
    } else if (req.method === 'GET' && objects.has(key)) {
      res.writeHead(200, { 'Content-Length': String(objects.get(key)?.length) }).end(objects.get(key));
    } else res.writeHead(404, { 'Content-Type': 'application/xml' }).end('<Error><Code>NoSuchKey</Code></Error>');
  });
  return {
    endless,
    state,
    async start(): Promise<S3Settings> {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const { port } = server.address() as AddressInfo;
      return {
        bucket: BUCKET,
        region: 'us-east-1',
        endpoint: `http://127.0.0.1:${port}`,
        accessKeyId: 'test',
        secretAccessKey: 'test',
        forcePathStyle: true,
      };
    },
    stop: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

const s3 = s3WithEndlessObjects();
let t: TestApp;
let base: string;
let auth: Record<string, string>;
let projectId: number;

beforeAll(async () => {
  t = await testApp({ storage: { driver: 's3', s3: await s3.start() } });
  const { port } = (await listenUntilFileEnd(t.app)).address() as AddressInfo;
  base = `http://127.0.0.1:${port}`;
  auth = { Authorization: `Bearer ${await t.login('owner@acme.example.com')}` };
  projectId = (await makeProject(t.knex, { title: 'Files project' })).id;
  return () => s3.stop();
});

const attach = async (name: string) => {
  const res = await t.http
    .post(`/api/v1/projects/${projectId}/conversation/messages`)
    .set(auth)
    .attach('attachment', await pdfOf(['Job description', 'Senior engineer']), name);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { id: number; attachment: { name: string; url: string } };
};

/** GETs `path` and closes the connection as soon as the first bytes of the body arrive. */
const abandon = (path: string) =>
  new Promise<void>((resolve, reject) => {
    const req = http.get(`${base}${path}`, { headers: auth, agent: false }, (res) => {
      res.on('error', () => undefined);
      if (res.statusCode !== 200) {
        req.destroy();
        reject(new Error(`${path}: ${res.statusCode}`));
        return;
      }
      res.once('data', () => {
        req.destroy();
        resolve();
      });
    });
    req.on('error', (err) => (req.destroyed ? undefined : reject(err)));
  });

describe('A download the client abandons lets go of the stored file', () => {
  const routes: [string, () => Promise<string>][] = [
    [
      'a chat attachment',
      async () => {
        const message = await attach('brief.pdf');
        const { attachment_key: key } = await t.knex('chat_messages').where('id', message.id).first('attachment_key');
        s3.endless.add(key);
        return message.attachment.url;
      },
    ],
    [
      'a public upload (company logo)',
      async () => {
        const key = `company-logos/2026-12/${'a'.repeat(32)}.png`;
        s3.endless.add(key);
        return `/uploads/${key}`;
      },
    ],
  ];

  for (const [what, stored] of routes)
    it(`${ABANDONED} abandoned downloads of ${what}: each stored stream is let go, and storage still answers`, async () => {
      const path = await stored();
      // Fewer than the pool holds first, so a stream kept shows here rather than as a storage call left waiting.
      for (let i = 0; i < 40; i += 1) await abandon(path);
      await expect.poll(() => s3.state.open, { timeout: 20_000 }).toBe(0);
      for (let i = 40; i < ABANDONED; i += 1) await abandon(path);
      await expect.poll(() => s3.state.open, { timeout: 20_000 }).toBe(0);
      // An upload (an S3 PUT) and a whole download (an S3 GET) both go through.
      const sent = await attach('after.pdf');
      const whole = await t.http.get(sent.attachment.url).set(auth).buffer(true);
      expect(whole.status).toBe(200);
      expect(whole.headers['content-type']).toContain('application/pdf');
    }, 60_000);
});

describe("A file's name outside ASCII", () => {
  it('is kept as the browser sent it and given back in the download', async () => {
    const name = 'Résumé 简历.pdf';
    const message = await attach(name);
    expect(message.attachment.name).toBe(name);
    const stored = await t.knex('chat_messages').where('id', message.id).first('attachment_name');
    expect(stored.attachment_name).toBe(name);
    const file = await t.http.get(message.attachment.url).set(auth).buffer(true);
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toContain('application/pdf');
    expect(file.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent(name)}`);
  });
});
