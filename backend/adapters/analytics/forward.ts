/**
 * Forwarding analytics events to a product-analytics service (PostHog's batch capture call:
 * `POST {ANALYTICS_URL}/batch/` with `{ api_key, batch: [{ event, distinct_id, timestamp, uuid, properties }] }`).
 *
 * Rows of analytics_events not yet forwarded are sent oldest first, up to a batch at a time, and
 * marked `forwarded_at` in the same transaction: a failed call leaves them for the next run, and
 * rows locked by a run still going are skipped, never sent twice at once. Each event carries a
 * uuid derived from its row id, so a batch repeated after a lost answer is deduplicated by the
 * service. What leaves the product is the events' declared properties (declared.ts): ids, counts
 * and filter names, never a candidate's personal data; the person is the company user's id.
 */
import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import type { Config } from '../../config';
import { declaredProperties } from './declared';

export type AnalyticsTarget = NonNullable<Config['analytics']>;

export const FORWARD_BATCH = 500;
/** How long the service may take to answer a batch before the run gives up (and retries later). */
const TIMEOUT_MS = 15_000;

export class AnalyticsForwardError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

interface Row {
  id: string | number;
  event: string;
  company_id: number;
  user_id: number;
  project_id: number | null;
  properties: Record<string, unknown> | null;
  created_at: Date;
}

/** A stable UUID for an event row (RFC 9562 version 8 layout), so a resent event is the same event. */
export function eventUuid(id: string | number): string {
  const hex = createHash('sha256').update(`analytics_events:${id}`).digest('hex').slice(0, 32).split('');
  hex[12] = '8';
  hex[16] = ((parseInt(hex[16], 16) & 0x3) | 0x8).toString(16);
  const h = hex.join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

function captured(row: Row) {
  return {
    event: row.event,
    distinct_id: `company-user-${row.user_id}`,
    timestamp: row.created_at.toISOString(),
    uuid: eventUuid(row.id),
    properties: {
      // Only the event's declared properties, whatever a row written before a declaration holds.
      ...declaredProperties(row.event, row.properties),
      ...(row.project_id === null ? {} : { project_id: row.project_id }),
      company_id: row.company_id,
      // Group analytics: the event belongs to the company as well as to its user.
      $groups: { company: String(row.company_id) },
      $lib: 'talentbase-server',
    },
  };
}

async function send(target: AnalyticsTarget, rows: Row[]): Promise<void> {
  let answer: Response;
  try {
    answer = await fetch(`${target.url}/batch/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ api_key: target.key, batch: rows.map(captured) }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (err) {
    throw new AnalyticsForwardError(`the analytics service did not answer: ${(err as Error).message}`);
  }
  if (!answer.ok) throw new AnalyticsForwardError(`the analytics service answered ${answer.status}`, answer.status);
}

/** Forwards one batch of pending events; returns how many were sent (0 when none are pending). */
export async function forwardPending(knex: Knex, target: AnalyticsTarget, limit = FORWARD_BATCH): Promise<number> {
  return knex.transaction(async (trx) => {
    const rows: Row[] = await trx('analytics_events')
      .whereNull('forwarded_at')
      .orderBy('id')
      .limit(limit)
      .forUpdate()
      .skipLocked()
      .select('id', 'event', 'company_id', 'user_id', 'project_id', 'properties', 'created_at');
    if (!rows.length) return 0;
    await send(target, rows);
    await trx('analytics_events')
      .whereIn(
        'id',
        rows.map((r) => r.id),
      )
      .update({ forwarded_at: trx.fn.now() });
    return rows.length;
  });
}
