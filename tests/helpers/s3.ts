import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { S3Settings } from '../../backend/adapters/storage/s3';

/** A local stand-in for an S3-compatible store: path-style PUT, GET and DELETE of objects in memory. */
export function s3StandIn() {
  const objects = new Map<string, Buffer>();
  /** How many of the next DELETEs answer 500 InternalError, the object kept (the SDK retries each itself). */
  const faults = { deletes: 0 };
  const server = http.createServer(async (req, res) => {
    const key = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    if (req.method === 'PUT') {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      objects.set(key, Buffer.concat(chunks));
      res.writeHead(200, { ETag: '"1"' }).end();
    } else if (req.method === 'GET' && objects.has(key)) {
      res
        .writeHead(200, {
          'Content-Type': 'application/octet-stream',
          'Content-Length': String(objects.get(key)?.length),
        })
        .end(objects.get(key));
    } else if (req.method === 'GET') {
      res
        .writeHead(404, { 'Content-Type': 'application/xml' })
        .end('<?xml version="1.0"?><Error><Code>NoSuchKey</Code><Message>gone</Message></Error>');
    } else if (req.method === 'DELETE' && faults.deletes > 0) {
      faults.deletes -= 1;
      res
        .writeHead(500, { 'Content-Type': 'application/xml' })
        .end('<?xml version="1.0"?><Error><Code>InternalError</Code><Message>try again</Message></Error>');
    } else if (req.method === 'DELETE') {
      objects.delete(key);
      res.writeHead(204).end();
    } else res.writeHead(405).end();
  });
  return {
    objects,
    faults,
    /** Listens on a free loopback port and answers the settings that reach it. */
    async start(bucket: string): Promise<S3Settings> {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const { port } = server.address() as AddressInfo;
      return {
        bucket,
        region: 'us-east-1',
        endpoint: `http://127.0.0.1:${port}`,
        accessKeyId: 'test',
        secretAccessKey: 'test',
        forcePathStyle: true,
      };
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
