/**
 * A local stand-in of a product-analytics service's batch capture call on loopback, in PostHog's
 * shape: `POST /batch/` with `{ api_key, batch: [...] }`. A wrong or missing project key answers
 * 401 as PostHog does; `failNext` makes the next calls answer an error status (an outage).
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface CapturedEvent {
  event: string;
  distinct_id: string;
  timestamp: string;
  uuid: string;
  properties: Record<string, unknown>;
}

export interface AnalyticsStandIn {
  url: string;
  key: string;
  /** Every batch accepted, in order. */
  batches: CapturedEvent[][];
  /** The next `times` calls answer `status` and keep nothing. */
  failNext(status: number, times?: number): void;
  close(): Promise<void>;
}

export async function analyticsStandIn(key = 'phc_local_stand_in'): Promise<AnalyticsStandIn> {
  const batches: CapturedEvent[][] = [];
  let failing = { status: 0, times: 0 };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const answer = (status: number, body: object) =>
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      if (req.method !== 'POST' || req.url !== '/batch/') return answer(404, { type: 'not_found' });
      if (failing.times > 0) {
        failing = { ...failing, times: failing.times - 1 };
        return answer(failing.status, { type: 'server_error' });
      }
      let body: { api_key?: string; batch?: CapturedEvent[] };
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {
        return answer(400, { type: 'validation_error', detail: 'Malformed request data' });
      }
      if (body.api_key !== key)
        return answer(401, { type: 'authentication_error', detail: 'Project API key invalid.' });
      if (!Array.isArray(body.batch) || body.batch.some((e) => !e.event || !e.distinct_id))
        return answer(400, { type: 'validation_error', detail: 'Every event needs event and distinct_id.' });
      batches.push(body.batch);
      answer(200, { status: 1 });
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    key,
    batches,
    failNext: (status, times = 1) => (failing = { status, times }),
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
