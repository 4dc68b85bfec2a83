/**
 * The import's checking threads (importWorker.ts), one per core PostgreSQL leaves, and the small
 * limiter that bounds what is in flight. A thread that fails answers with its error's message and
 * stack apart: the stack is the thread's, for the log (importJob.ts logs it), never the message
 * an admin reads.
 */
import type { Worker } from 'node:worker_threads';
import type { todayOf } from '../../../../schema/rules/candidate';
import type { BatchMessage, PreparedBatch } from './prepare';
import { tsWorker } from './tsWorker';

/** A checking thread's failure: its own message, with the thread's stack kept for the log. */
function threadError(error: { message: string; stack?: string }): Error {
  const err = new Error(error.message);
  if (error.stack) err.stack = error.stack;
  return err;
}

export type Prepare = (message: BatchMessage) => Promise<PreparedBatch>;

/** At most `n` holders at a time. */
export function limiter(n: number) {
  let free = n;
  const waiting: (() => void)[] = [];
  return {
    async take(): Promise<void> {
      if (free > 0) free -= 1;
      else await new Promise<void>((resolve) => waiting.push(resolve));
    },
    give(): void {
      const next = waiting.shift();
      if (next) next();
      else free += 1;
    },
  };
}

/** Checking threads, each message answered by id, each sent up to two batches at a time. */
export function threadPool(
  count: number,
  connectionString: string,
  today: ReturnType<typeof todayOf>,
): { prepare: Prepare; close: () => Promise<void> } {
  const workers: Worker[] = [];
  const idle: Worker[] = [];
  const waiting: ((w: Worker) => void)[] = [];
  const replies = new Map<number, { resolve: (p: PreparedBatch) => void; reject: (e: Error) => void }>();
  let nextId = 0;
  const send = (worker: Worker, message: object) =>
    new Promise<PreparedBatch>((resolve, reject) => {
      const id = nextId++;
      replies.set(id, { resolve, reject });
      worker.postMessage({ id, ...message });
    });
  for (let i = 0; i < count; i += 1) {
    const worker = tsWorker(new URL('./importWorker.ts', import.meta.url), { connectionString, today });
    worker.on('message', (m: { id: number; result?: PreparedBatch; error?: { message: string; stack?: string } }) => {
      const reply = replies.get(m.id);
      replies.delete(m.id);
      if (m.error) reply?.reject(threadError(m.error));
      else reply?.resolve(m.result as PreparedBatch);
      const next = waiting.shift();
      if (next) next(worker);
      else idle.push(worker);
    });
    worker.on('error', (err) => {
      for (const reply of replies.values()) reply.reject(err);
      replies.clear();
    });
    workers.push(worker);
    // Two batches per thread: while it checks one, the next one's database lookups are under way.
    idle.push(worker);
  }
  return {
    async prepare(message) {
      const worker = idle.pop() ?? (await new Promise<Worker>((resolve) => waiting.push(resolve)));
      return send(worker, message);
    },
    async close() {
      // Each thread ends its database session, then stops.
      await Promise.all(
        workers.map((w) =>
          Promise.race([send(w, { close: true }), new Promise((resolve) => setTimeout(resolve, 2000))]),
        ),
      );
      await Promise.all(workers.map((w) => w.terminate()));
    },
  };
}
