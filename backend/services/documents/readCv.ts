/**
 * Reads CVs off the request thread. One reading thread (readWorker.ts) takes CVs one at a time,
 * with a heap limit (CV_READ_MEMORY_MB) and a time limit (CV_READ_TIMEOUT_MS): a CV that needs
 * more has its thread stopped and is refused, and the next CV gets a fresh thread. The thread
 * that answers requests only hands the bytes over, so one crafted file cannot stall the server.
 *
 * The thread is shared by everyone, so what waits for it is bounded too:
 * - a file refused by its size or its package's declared shape (precheck.ts) never reaches the queue;
 * - a person (`owner`) has one read queued or running at a time: a second is refused at once with 429
 *   upload.errors.readingOne, so one person's flood costs others one read's time, not the flood's;
 * - at most QUEUE_CAP reads wait, and none waits longer than twice CV_READ_TIMEOUT_MS (time for the read ahead of it
 *   to run out its whole limit, and more): beyond either, 503
 *   upload.errors.readerBusy. Both answers carry Retry-After.
 */
import { Worker } from 'node:worker_threads';
import { t } from '../../../i18n';
import type { CvConfig } from '../../config';
import { AppError } from '../../errors';
import { logger } from '../../logger';
import { failureOf } from './activeContent';
import type { CvType, TextLimits } from './extractText';
import { precheck } from './precheck';
import type { CvDraft, CvLookups } from './parseCv';

export interface ReadRequest {
  id: number;
  data: Uint8Array;
  type: CvType;
  limits: TextLimits;
  lookupsVersion: number;
  /** The file is also scrubbed of its metadata (scrub.ts), and the answer carries the scrubbed bytes. */
  scrub?: boolean;
  /** Sent when the thread has not seen this load of the lookups yet. */
  lookups?: CvLookups;
}

import type { ReadFailure } from './readFailure';

export type { ReadFailure };

/** The message key a refused read is answered with on its file's field. */
export const READ_REFUSALS: Record<ReadFailure, string> = {
  tooComplex: 'upload.errors.tooComplex',
  unreadable: 'upload.errors.unreadable',
  activeContent: 'upload.errors.activeContent',
  failed: 'upload.errors.unreadable',
};

export type ReadAnswer =
  | { id: number; ok: true; text: string; truncated: boolean; draft: CvDraft; scrubbed?: Uint8Array }
  | { id: number; ok: false; reason: ReadFailure; detail?: string };
export type ReadResult = Omit<Extract<ReadAnswer, { ok: true }>, 'id'> | Omit<Extract<ReadAnswer, { ok: false }>, 'id'>;

interface Job {
  request: Omit<ReadRequest, 'id' | 'lookups' | 'lookupsVersion'>;
  lookups: CvLookups;
  config: CvConfig;
  resolve: (result: ReadResult) => void;
  /** Refuses the job as busy when it has waited its limit. */
  waited: NodeJS.Timeout;
}

interface Thread {
  worker: Worker;
  memoryMb: number;
  ready: Promise<void>;
  lookupsVersion?: number;
}

const IDLE_MS = 60_000;
/** Reads that may wait for the thread; one more is refused as busy. */
export const QUEUE_CAP = 8;
const queue: Job[] = [];
/** The people (actorKey) with a read queued or running. */
const reading = new Set<string>();
let thread: Thread | undefined;
let busy = false;
let nextId = 1;
let idleTimer: NodeJS.Timeout | undefined;

/** The product runs through tsx, whose loader is registered per thread before the module loads. */
function startThread(memoryMb: number): Thread {
  const module = new URL('./readWorker.ts', import.meta.url).href;
  const boot = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(module)}); })`;
  const worker = new Worker(boot, {
    eval: true,
    workerData: { memoryMb },
    resourceLimits: {
      maxOldGenerationSizeMb: memoryMb,
      maxYoungGenerationSizeMb: Math.min(32, memoryMb / 4),
      stackSizeMb: 4,
    },
  });
  // An idle reading thread never keeps the process alive.
  worker.unref();
  const ready = new Promise<void>((resolve, reject) => {
    const onMessage = (m: { ready?: boolean }) => {
      if (!m.ready) return;
      worker.off('message', onMessage);
      resolve();
    };
    worker.on('message', onMessage);
    worker.once('error', reject);
    worker.once('exit', () => reject(new Error('CV reading thread exited while starting')));
  });
  ready.catch(() => undefined);
  return { worker, memoryMb, ready };
}

function stopThread(): void {
  const current = thread;
  thread = undefined;
  if (current) void current.worker.terminate().catch(() => undefined);
}

async function run(job: Job): Promise<ReadResult> {
  if (thread && thread.memoryMb !== job.config.readMemoryMb) stopThread();
  const current = (thread ??= startThread(job.config.readMemoryMb));
  try {
    await current.ready;
  } catch (err) {
    stopThread();
    logger.error({ err }, 'the CV reading thread did not start');
    return { ok: false, reason: 'failed' };
  }
  const id = nextId++;
  const request: ReadRequest = { ...job.request, id, lookupsVersion: job.lookups.version };
  if (current.lookupsVersion !== job.lookups.version) request.lookups = job.lookups;
  return new Promise<ReadResult>((resolve) => {
    const finish = (result: ReadResult, stop: boolean) => {
      clearTimeout(timer);
      current.worker.off('message', onMessage);
      current.worker.off('error', onError);
      current.worker.off('exit', onExit);
      if (stop) stopThread();
      resolve(result);
    };
    const onMessage = (answer: ReadAnswer) => {
      if (answer.id !== id) return;
      current.lookupsVersion = job.lookups.version;
      const { id: _id, ...result } = answer;
      finish(result, false);
    };
    // Out of heap (ERR_WORKER_OUT_OF_MEMORY) or a crash: the CV is refused, the next gets a new thread.
    const onError = (err: Error) => {
      logger.warn({ err }, 'a CV stopped its reading thread');
      finish(
        { ok: false, reason: (err as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY' ? 'tooComplex' : 'failed' },
        true,
      );
    };
    const onExit = () => finish({ ok: false, reason: 'tooComplex' }, true);
    const timer = setTimeout(() => {
      logger.warn({ timeoutMs: job.config.readTimeoutMs }, 'a CV took too long to read; its thread was stopped');
      finish({ ok: false, reason: 'tooComplex' }, true);
    }, job.config.readTimeoutMs);
    current.worker.on('message', onMessage);
    current.worker.once('error', onError);
    current.worker.once('exit', onExit);
    current.worker.postMessage(request);
  });
}

async function pump(): Promise<void> {
  if (busy) return;
  const job = queue.shift();
  if (!job) {
    clearTimeout(idleTimer);
    idleTimer = setTimeout(stopThread, IDLE_MS).unref();
    return;
  }
  busy = true;
  clearTimeout(idleTimer);
  clearTimeout(job.waited);
  try {
    job.resolve(await run(job).catch((): ReadResult => ({ ok: false, reason: 'failed' })));
  } finally {
    busy = false;
    void pump();
  }
}

/** A refusal with Retry-After: the reader is worth asking again after about one read's time limit. */
function refusal(status: 429 | 503, key: string, config: CvConfig): AppError {
  const seconds = Math.max(1, Math.ceil(config.readTimeoutMs / 1000));
  const err = new AppError(status, key, t(key, { seconds }));
  err.headers = { 'Retry-After': String(seconds) };
  return err;
}

export interface ReadOptions {
  /** The file is also scrubbed of its metadata, and the answer carries the scrubbed bytes. */
  scrub?: boolean;
  /** Whose read it is (actorKey): one queued or running read per person. Jobs name nobody. */
  owner?: string;
}

/**
 * The CV's text (capped) and its draft profile, read in the reading thread within the limits; with `scrub`, also the
 * file without its metadata (`scrubbed`), made within the same limits, or the file is refused as unreadable.
 * Rejects with 429 when `owner` already has a read waiting or running, and with 503 when the queue is full or the
 * read waited its limit for the thread (see above).
 */
export function readCv(
  data: Buffer,
  type: CvType,
  lookups: CvLookups,
  config: CvConfig,
  options: ReadOptions = {},
): Promise<ReadResult> {
  const limits = {
    maxUnpackedBytes: config.maxUnpackedBytes,
    maxTextChars: config.maxTextChars,
    maxPages: config.maxPages,
  };
  try {
    precheck(data, type, { ...limits, maxBytes: config.maxBytes });
  } catch (err) {
    const reason = failureOf(err);
    return Promise.resolve({ ok: false, reason: reason === 'failed' ? 'unreadable' : reason });
  }
  const { owner } = options;
  if (owner && reading.has(owner)) return Promise.reject(refusal(429, 'upload.errors.readingOne', config));
  if (queue.length >= QUEUE_CAP) return Promise.reject(refusal(503, 'upload.errors.readerBusy', config));
  if (owner) reading.add(owner);
  const done = () => {
    if (owner) reading.delete(owner);
  };
  return new Promise<ReadResult>((resolve, reject) => {
    const request = { data: new Uint8Array(data), type, limits, scrub: options.scrub };
    const job: Job = {
      request,
      lookups,
      config,
      resolve: (result) => {
        done();
        resolve(result);
      },
      waited: setTimeout(() => {
        const at = queue.indexOf(job);
        if (at < 0) return;
        queue.splice(at, 1);
        done();
        logger.warn({ waitedMs: 2 * config.readTimeoutMs }, 'a document waited its limit for the reading thread');
        reject(refusal(503, 'upload.errors.readerBusy', config));
      }, 2 * config.readTimeoutMs),
    };
    queue.push(job);
    void pump();
  });
}
