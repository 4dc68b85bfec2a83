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
  return (path, token) =>
    new Promise((resolve, reject) => {
      const req = http.get(
        { host: url.hostname, port: url.port, path: `${url.pathname}${path}`, agent, headers: { authorization: `Bearer ${token}` } },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') }));
          res.on('error', reject);
        },
      );
      req.on('error', reject);
    });
}
