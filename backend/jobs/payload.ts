/**
 * Payload assertions: a job whose payload is not what its task expects fails at once with a
 * message naming the task and the shape it needs, before anything is read or written (a job
 * queued by an older release, or by hand with `graphile_worker.add_job`, can carry anything).
 */
import { RUN_TRIGGER } from '../../schema/rules/ats';

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

/** An assertion of one task's payload, named by the task it checks. */
type Check<T> = (task: string, payload: unknown) => asserts payload is T;

const noPayload: Check<Record<string, never> | null> = assertNoPayload;
const idOf =
  <K extends string>(key: K): Check<Record<K, number>> =>
  (task, payload) =>
    assertIdPayload(task, payload, key);
/** A payload naming up to 10,000 rows under `key`: positive whole ids. */
const idListOf =
  <K extends string>(key: K): Check<Record<K, number[]>> =>
  (task, payload) => {
    const list = isRecord(payload) ? payload[key] : undefined;
    if (
      !Array.isArray(list) ||
      list.length > 10_000 ||
      !list.every((id) => typeof id === 'number' && Number.isSafeInteger(id) && id > 0)
    )
      throw new PayloadError(task, `{ ${key}: a list of positive whole numbers }`, payload);
  };
/** The `suggested_live` job's payload (pipeline/suggestedLive.ts): changed candidates, their documents before, or all. */
const changedIds: Check<Record<'candidateIds', number[]>> = idListOf('candidateIds');
const suggestedChange: Check<{ candidateIds: number[]; before: unknown[]; all: boolean }> = (task, payload) => {
  changedIds(task, payload);
  const p = payload as Record<string, unknown>;
  if (!Array.isArray(p.before) || p.before.length > 10_000 || typeof p.all !== 'boolean')
    throw new PayloadError(task, '{ candidateIds, before: a list of documents, all: a boolean }', payload);
};
/** A payload listing 1 to 10,000 storage keys under `key`: non-empty strings. */
const keyListOf =
  <K extends string>(key: K): Check<Record<K, string[]>> =>
  (task, payload) => {
    const list = isRecord(payload) ? payload[key] : undefined;
    if (
      !Array.isArray(list) ||
      !list.length ||
      list.length > 10_000 ||
      !list.every((k) => typeof k === 'string' && k.length > 0 && k.length <= 1000)
    )
      throw new PayloadError(task, `{ ${key}: a list of storage keys }`, payload);
  };
/** A walk in id order, resumed after the id under `key`: nothing (from the start) or `{ [key]: a whole number ≥ 0 }`. */
const resumeAfter =
  <K extends string>(key: K): Check<Partial<Record<K, number>> | null> =>
  (task, payload) => {
    if (payload === null || payload === undefined) return;
    const keys = isRecord(payload) ? Object.keys(payload).filter((k) => !STAMPS.has(k)) : undefined;
    if (keys?.length === 0) return;
    const after = isRecord(payload) && keys?.length === 1 ? payload[key] : undefined;
    if (typeof after !== 'number' || !Number.isSafeInteger(after) || after < 0)
      throw new PayloadError(task, `nothing, or { ${key}: a whole number of 0 or more }`, payload);
  };
/** A payload naming a row under `key` and one of `values` under `field`. */
const idWith =
  <K extends string, F extends string, V extends string | number>(
    key: K,
    field: F,
    values: readonly V[],
  ): Check<Record<K, number> & Record<F, V>> =>
  (task, payload) => {
    assertIdPayload(task, payload, key);
    if (!values.includes((payload as Record<string, unknown>)[field] as V))
      throw new PayloadError(
        task,
        `{ ${key}: number, ${field}: ${values.map((v) => JSON.stringify(v)).join(' | ')} }`,
        payload,
      );
  };

/**
 * Every task's payload, checked where the job is queued (services/queue.ts) and again where it
 * runs. The types below are graphile-worker's `GraphileWorker.Tasks`, so a job queued with a
 * wrong payload, or for a task that does not exist, does not compile.
 */
export const TASK_PAYLOADS = {
  send_email: idOf('id'),
  send_whatsapp_message: idOf('id'),
  send_interview_request: idWith('id', 'step', ['deliver', 'answered', 'scheduled'] as const),
  email_curated_candidates: idOf('projectId'),
  follow_up_chat_message: idWith('messageId', 'stage', ['away', 'email'] as const),
  notify_credits_low: idOf('companyId'),
  import_candidates: idOf('importId'),
  match_candidates: idOf('runId'),
  sync_integration: idWith('integrationId', 'trigger', Object.values(RUN_TRIGGER)),
  purge_expired: noPayload,
  refresh_popular_candidates: noPayload,
  refresh_search_terms: noPayload,
  purge_cv_uploads: noPayload,
  expire_credits: noPayload,
  expire_checkouts: noPayload,
  expire_interview_requests: noPayload,
  renew_power_projects: noPayload,
  rollup_daily: noPayload,
  forward_analytics: noPayload,
  maintain_log_partitions: noPayload,
  notify_expiring_credits: noPayload,
  schedule_integration_syncs: noPayload,
  match_alerts: noPayload,
  send_alert_digests: noPayload,
  suggested_live: suggestedChange,
  scan_duplicates: noPayload,
  find_twins: idListOf('candidateIds'),
  carry_out_erasures: noPayload,
  erase_ats_records: idOf('erasureId'),
  delete_erased_files: keyListOf('keys'),
  prepare_data_export: idOf('exportId'),
  apply_retention: noPayload,
  scrub_blind_cvs: resumeAfter('afterId'),
} satisfies Record<string, Check<unknown>>;

export type TaskName = keyof typeof TASK_PAYLOADS;
type Checked<C> = C extends Check<infer T> ? T : never;
export type TaskPayloads = { [K in TaskName]: Checked<(typeof TASK_PAYLOADS)[K]> };

declare global {
  // graphile-worker's declaration merging: its Task<'name'> and addJob read the payloads from here.
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace GraphileWorker {
    // eslint-disable-next-line @typescript-eslint/no-empty-object-type
    interface Tasks extends TaskPayloads {}
  }
}

/** Checks a payload against its task's declaration, throwing a PayloadError naming both. */
export function assertTaskPayload<K extends TaskName>(task: K, payload: unknown): asserts payload is TaskPayloads[K] {
  const check: Check<TaskPayloads[K]> = TASK_PAYLOADS[task] as Check<TaskPayloads[K]>;
  check(task, payload);
}
