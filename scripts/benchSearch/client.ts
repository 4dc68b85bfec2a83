/**
 * The benchmark's HTTP client: node:http over one kept-alive connection, as a load tester's is.
 * The client runs in the benchmark's process beside the API, so its own work is timed with every
 * request; fetch (undici) spends about 3 ms more per request than this on the 2-core machine.
 */
import http from 'node:http';

export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
}

export function httpClient(base: string): (path: string, token: string) => Promise<Answer> {
  const url = new URL(base);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const once = (path: string, token: string) =>
    new Promise<Answer>((resolve, reject) => {
      const req = http.get(
        {
          host: url.hostname,
          port: url.port,
          path: `${url.pathname}${path}`,
          agent,
          headers: { authorization: `Bearer ${token}` },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () =>
            resolve({
              status: res.statusCode ?? 0,
              headers: res.headers,
              text: Buffer.concat(chunks).toString('utf8'),
            }),
          );
          res.on('error', reject);
        },
      );
      req.on('error', reject);
    });
  // The server closes a connection left idle for 5 seconds (between shapes, while the naive queries run):
  // a request that met it closing is asked again on a new one.
  return (path, token) =>
    once(path, token).catch((err: NodeJS.ErrnoException) =>
      err.code === 'ECONNRESET' ? once(path, token) : Promise.reject(err),
    );
}
