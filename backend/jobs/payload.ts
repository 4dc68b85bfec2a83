/**
 * Payload assertions: a job whose payload is not what its task expects fails at once with a
 * message naming the task and the shape it needs, before anything is read or written (a job
 * queued by an older release, or by hand with `graphile_worker.add_job`, can carry anything).
 */

export class PayloadError extends Error {
  constructor(task: string, expected: string, payload: unknown) {
    super(`${task} expects ${expected}, got ${JSON.stringify(payload) ?? String(payload)}`);
    this.name = 'PayloadError';
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  !!value && typeof value === 'object' && !Array.isArray(value);

/** Keys any job may carry: graphile-worker's `_cron` stamp, and the id of the request that queued it. */
const STAMPS = new Set(['_cron', 'requestId']);

/** A scheduled or on-demand task without parameters: nothing, or only the stamps above. */
export function assertNoPayload(task: string, payload: unknown): void {
  if (payload === null || payload === undefined) return;
  if (isRecord(payload) && Object.keys(payload).every((key) => STAMPS.has(key))) return;
  throw new PayloadError(task, 'no payload', payload);
}

/** A payload naming one row by a positive whole id under `key`. */
export function assertIdPayload<K extends string>(
  task: string,
  payload: unknown,
  key: K,
): asserts payload is Record<K, number> {
  const id = isRecord(payload) ? payload[key] : undefined;
  if (typeof id !== 'number' || !Number.isSafeInteger(id) || id < 1)
    throw new PayloadError(task, `{ ${key}: a positive whole number }`, payload);
}
