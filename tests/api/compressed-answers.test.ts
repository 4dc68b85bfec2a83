/**
 * API answers in JSON travel compressed when the client accepts it (backend/http/compressJson.ts): brotli where
 * offered, else gzip, and the bytes decode to the very answer an uncompressed request gets. Small answers and files
 * (a profile PDF here) are sent as they are, with their length.
 */
import { once } from 'node:events';
import { get as httpGet, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../helpers/app';

let t: TestApp;
let server: Server;
let owner: string;
let admin: string;

beforeAll(async () => {
  t = await testApp();
  server = t.app.listen(0, '127.0.0.1');
  await once(server, 'listening');
  owner = await t.login('owner@acme.example.com');
  admin = await t.login('admin@example.com');
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** The answer's bytes as they crossed the wire, not decoded. */
function raw(path: string, token: string, encoding?: string): Promise<{ headers: IncomingHttpHeaders; body: Buffer }> {
  const { port } = server.address() as AddressInfo;
  const headers: Record<string, string> = { Authorization: `Bearer ${token}` };
  if (encoding) headers['Accept-Encoding'] = encoding;
  return new Promise((resolve, reject) => {
    httpGet({ host: '127.0.0.1', port, path: `/api/v1${path}`, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
    }).on('error', reject);
  });
}

describe('Compressed API answers', () => {
  it('A search answer comes in brotli or gzip as accepted, decoding to the same JSON, a fraction of its size', async () => {
    const plain = await raw('/search', owner);
    expect(plain.headers['content-encoding']).toBeUndefined();
    // Each search is logged and stamped, so answers are compared by what they found.
    const found = (body: Buffer) => {
      const answer = JSON.parse(body.toString('utf8')) as { docs: { id: string }[]; total: number };
      return { ids: answer.docs.map((doc) => doc.id), total: answer.total };
    };
    const answer = found(plain.body);
    expect(answer.ids.length).toBeGreaterThan(0);
    expect(plain.body.length).toBeGreaterThan(10_000);

    const br = await raw('/search', owner, 'gzip, deflate, br, zstd');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/Accept-Encoding/i);
    expect(found(brotliDecompressSync(br.body))).toEqual(answer);
    expect(br.body.length).toBeLessThan(plain.body.length / 3);

    const gzip = await raw('/search', owner, 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(found(gunzipSync(gzip.body))).toEqual(answer);
  });

  it('A small answer and a file are sent as they are', async () => {
    const count = await raw('/notifications/unread-count', owner, 'br, gzip');
    expect(count.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(count.body.toString('utf8'))).toMatchObject({ success: true });

    const candidate = await t.knex('candidates').where('email', 'candidate@example.com').first('id');
    const pdf = await raw(`/candidates/get-pdf?id=Candidate:${candidate.id}`, admin, 'br, gzip');
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-encoding']).toBeUndefined();
    expect(pdf.body.length).toBeGreaterThan(1024);
    expect(Number(pdf.headers['content-length'])).toBe(pdf.body.length);
    expect(pdf.body.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });
});
