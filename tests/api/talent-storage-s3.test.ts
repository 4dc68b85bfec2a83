import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { S3Storage } from '../../backend/adapters/storage/s3';

/** A local stand-in for an S3-compatible store: path-style PUT, GET and DELETE of objects in memory. */
function s3StandIn() {
  const objects = new Map<string, Buffer>();
  const server = http.createServer(async (req, res) => {
    const key = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    if (req.method === 'PUT') {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      objects.set(key, Buffer.concat(chunks));
      res.writeHead(200, { ETag: '"1"' }).end();
    } else if (req.method === 'GET' && objects.has(key)) {
      res.writeHead(200, { 'Content-Type': 'application/octet-stream', 'Content-Length': String(objects.get(key)?.length) }).end(objects.get(key));
    } else if (req.method === 'GET') {
      res.writeHead(404, { 'Content-Type': 'application/xml' }).end('<?xml version="1.0"?><Error><Code>NoSuchKey</Code><Message>gone</Message></Error>');
    } else if (req.method === 'DELETE') {
      objects.delete(key);
      res.writeHead(204).end();
    } else res.writeHead(405).end();
  });
  return { server, objects };
}

describe('The S3-compatible storage adapter', () => {
  const { server, objects } = s3StandIn();
  let storage: S3Storage;

  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    storage = new S3Storage({
      bucket: 'cvs-bucket',
      region: 'us-east-1',
      endpoint: `http://127.0.0.1:${port}`,
      accessKeyId: 'test',
      secretAccessKey: 'test',
      forcePathStyle: true,
    });
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('Stores a CV under a generated key, reads it back and deletes it', async () => {
    const key = await storage.put(Buffer.from('%PDF-1.4 a CV'), { folder: 'cvs', ext: 'pdf' });
    expect(key).toMatch(/^cvs\/\d{4}-\d{2}\/[0-9a-f]{32}\.pdf$/);
    expect(objects.has(`/cvs-bucket/${key}`)).toBe(true);
    expect(await text((await storage.get(key))!)).toBe('%PDF-1.4 a CV');
    await storage.delete(key);
    expect(await storage.get(key)).toBeUndefined();
  });

  it('Refuses keys it did not make', async () => {
    expect(await storage.get('../../etc/passwd')).toBeUndefined();
    await expect(storage.put(Buffer.from('x'), { folder: '../up', ext: 'pdf' })).rejects.toThrow();
  });
});
