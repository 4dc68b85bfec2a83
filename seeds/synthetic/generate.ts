/**
 * `npm run db:seed -- --candidates <n>`: adds n synthetic candidates with their experience and
 * education. Generator threads make the rows (one per core); this thread streams them into
 * PostgreSQL with COPY, one transaction per chunk, so an interrupted run leaves only whole
 * candidates behind. From BULK_FROM candidates on, the run is one transaction that sets the
 * indexes aside, writes each chunk's search documents as it goes and rebuilds the indexes once.
 */
import os from 'node:os';
import type { Worker } from 'node:worker_threads';
import type { Knex } from 'knex';
import pg from 'pg';
import { entity } from '../../schema';
import { todayOf } from '../../schema/rules/candidate';
import { copyColumns, copyLines, searchQueueSql, storedFields, tsWorker } from '../../backend/features/talent/bulk';
import { SIGN_UP_FIELDS } from './candidateFactory';
import { loadPools } from './pools';
import type { Chunk, WorkerInput } from './worker';

export interface GenerateOptions {
  knex: Knex;
  connectionString: string;
  count: number;
  workers?: number;
  chunk?: number;
  seed?: number;
  /** From this many candidates on, the run is a bulk load (BULK_FROM unless given). */
  bulkFrom?: number;
  onProgress?: (done: number, total: number) => void;
  onPhase?: (text: string) => void;
}

/** From this many candidates on, indexes and foreign keys are rebuilt at the end instead of kept up to date. */
export const BULK_FROM = 50_000;

interface Deferred {
  table: string;
  kind: 'index' | 'constraint';
  name: string;
  definition: string;
}

/**
 * Drops the secondary indexes (not primary keys, nor those named in `keep`, nor unique ones unless
 * `unique`: rebuilding one then checks every row at once) and the foreign keys of `tables`,
 * returning how to rebuild them.
 */
async function setAside(
  client: pg.ClientBase,
  tables: string[],
  { keep = [], unique = false }: { keep?: string[]; unique?: boolean } = {},
): Promise<Deferred[]> {
  const { rows: indexes } = await client.query(
    `select c.relname as table, i.relname as name, pg_get_indexdef(x.indexrelid) as definition
       from pg_index x join pg_class i on i.oid = x.indexrelid join pg_class c on c.oid = x.indrelid
      where c.relname = any($1) and not x.indisprimary and (not x.indisunique or $3)
        and c.relnamespace = 'public'::regnamespace and i.relname <> all($2)
        and not exists (select 1 from pg_constraint k where k.conindid = x.indexrelid)`,
    [tables, keep, unique],
  );
  const { rows: keys } = await client.query(
    `select c.relname as table, k.conname as name, pg_get_constraintdef(k.oid) as definition
       from pg_constraint k join pg_class c on c.oid = k.conrelid
      where c.relname = any($1) and k.contype = 'f' and c.relnamespace = 'public'::regnamespace`,
    [tables],
  );
  const deferred: Deferred[] = [
    ...indexes.map((r) => ({ ...r, kind: 'index' as const })),
    ...keys.map((r) => ({ ...r, kind: 'constraint' as const })),
  ];
  for (const d of deferred) {
    if (d.kind === 'index') await client.query(`drop index "${d.name}"`);
    else await client.query(`alter table "${d.table}" drop constraint "${d.name}"`);
  }
  return deferred;
}

const CREATION_ORDER = 'candidate_search_documents_created_at_id_index';
const BY_CANDIDATE = ['candidate_experiences_candidate_id_index', 'candidate_educations_candidate_id_index'];

async function restore(client: pg.ClientBase, deferred: Deferred[]): Promise<void> {
  for (const d of deferred) {
    if (d.kind === 'index') await client.query(d.definition);
    else await client.query(`alter table "${d.table}" add constraint "${d.name}" ${d.definition}`);
  }
}

export interface GenerateResult {
  candidates: number;
  experiences: number;
  educations: number;
  seconds: number;
}

const candidate = entity('candidate');
const experience = entity('candidateExperience');
const education = entity('candidateEducation');
const lineCount = (s: string) => {
  let n = 0;
  for (let i = s.indexOf('\n'); i >= 0; i = s.indexOf('\n', i + 1)) n += 1;
  return n;
};

export async function generateCandidates(options: GenerateOptions): Promise<GenerateResult> {
  const started = Date.now();
  const pools = await loadPools(options.knex);
  const client = new pg.Client({ connectionString: options.connectionString });
  await client.connect();
  const workers: Worker[] = [];
  try {
    // Losing the last chunks on a crash is fine for generated data; waiting for each flush is not.
    await client.query('set synchronous_commit = off');
    const seq = (await client.query("select pg_get_serial_sequence('candidates', 'id') as s")).rows[0].s as string;
    const { rows } = await client.query('select nextval($1::regclass)::int as first', [seq]);
    const firstId = rows[0].first as number;
    await client.query('select setval($1::regclass, $2)', [seq, firstId + options.count - 1]);

    const chunk = options.chunk ?? 2000;
    const threads = Math.max(
      1,
      Math.min(options.workers ?? os.availableParallelism(), Math.ceil(options.count / chunk)),
    );
    const today = todayOf();
    const now = Date.now();
    for (let w = 0; w < threads; w += 1) {
      const data: WorkerInput = {
        pools,
        firstId,
        worker: w,
        workers: threads,
        chunk,
        seed: (options.seed ?? 20261122) + w * 7919,
        today,
        emailDomain: 'synthetic.example.com',
        lastId: firstId + options.count - 1,
        total: options.count,
        now,
      };
      workers.push(tsWorker(new URL('./worker.ts', import.meta.url), data));
    }
    // Each worker answers its questions in order; its crash fails every question still open.
    const replies = new Map<Worker, { resolve: (c: Chunk | null) => void; reject: (e: Error) => void }[]>();
    for (const worker of workers) {
      replies.set(worker, []);
      worker.on('message', (chunk: Chunk | null) => replies.get(worker)?.shift()?.resolve(chunk));
      worker.on('error', (err) => {
        for (const reply of replies.get(worker)?.splice(0) ?? []) reply.reject(err);
      });
    }
    const ask = (worker: Worker) =>
      new Promise<Chunk | null>((resolve, reject) => {
        replies.get(worker)?.push({ resolve, reject });
        worker.postMessage('next');
      });
    // A big run loads with the secondary indexes and foreign keys set aside and rebuilds them once
    // at the end: far faster than maintaining them row by row. It is one transaction, so an
    // interrupted run changes nothing (the tables are locked for writes meanwhile).
    const bulk = options.count >= (options.bulkFrom ?? BULK_FROM);
    let dropped: Deferred[] = [];
    let documentIndexes: Deferred[] = [];
    if (bulk) {
      await client.query('begin');
      await client.query("set local maintenance_work_mem = '512MB'");
      // The documents' statement reads each chunk's experience and education rows by candidate: those indexes stay.
      dropped = await setAside(client, [candidate.table, experience.table, education.table], {
        keep: BY_CANDIDATE,
        unique: true,
      });
      documentIndexes = await setAside(client, ['candidate_search_documents']);
      // Each chunk's documents are written below by the load itself: the queue steps aside for its
      // transaction, so nothing is queued row by row and taken off the queue again.
      await client.query(searchQueueSql(false));
    }
    const columns = {
      candidates: copyColumns(candidate, [...storedFields(candidate), ...SIGN_UP_FIELDS], true),
      experiences: copyColumns(experience, storedFields(experience)),
      educations: copyColumns(education, storedFields(education)),
    };
    const result = { candidates: 0, experiences: 0, educations: 0 };
    // Each worker has its next two chunks in the making while one is written, so it keeps going while
    // PostgreSQL writes a chunk's search documents. Chunks come in turn, worker by worker: in id order.
    const ahead = workers.map((w) => [ask(w), ask(w)]);
    for (let i = 0, live = workers.length; live > 0; i = (i + 1) % workers.length) {
      const queue = ahead[i];
      if (!queue.length) continue;
      const chunk = await (queue.shift() as Promise<Chunk | null>);
      if (!chunk) {
        queue.length = 0;
        live -= 1;
        continue;
      }
      queue.push(ask(workers[i]));
      if (!bulk) await client.query('begin');
      await copyLines(client, candidate.table, columns.candidates, [chunk.candidates]);
      await copyLines(client, experience.table, columns.experiences, [chunk.experiences]);
      await copyLines(client, education.table, columns.educations, [chunk.educations]);
      if (bulk) {
        // The chunk's search documents are written now, while the workers make the next chunks (both
        // cores busy), rather than all at once at the end (one core busy), by the statement the
        // queue's refresh runs. They go into the documents table without its secondary indexes, in
        // id order, which is creation order.
        await client.query(
          'select candidate_search_refresh(array(select generate_series($1::int, $1::int + $2::int - 1)))',
          [chunk.first, chunk.count],
        );
      } else await client.query('commit');
      result.candidates += chunk.count;
      result.experiences += lineCount(chunk.experiences);
      result.educations += lineCount(chunk.educations);
      options.onProgress?.(result.candidates, options.count);
    }
    if (bulk) {
      options.onPhase?.('Rebuilding indexes and checking references');
      await restore(client, dropped);
      // The documents lie in creation order already (a live table does too: documents are written as
      // people sign up); the creation-order index is marked as the one to cluster on, and the other
      // indexes are built once over the whole table.
      await restore(
        client,
        documentIndexes.filter((d) => d.name === CREATION_ORDER),
      );
      await client.query(`alter table candidate_search_documents cluster on ${CREATION_ORDER}`);
      await restore(
        client,
        documentIndexes.filter((d) => d.name !== CREATION_ORDER),
      );
      await client.query('commit');
    }
    await client.query('analyze candidates, candidate_experiences, candidate_educations, candidate_search_documents');
    return { ...result, seconds: (Date.now() - started) / 1000 };
  } catch (err) {
    await client.query('rollback').catch(() => undefined);
    throw err;
  } finally {
    await Promise.all(workers.map((w) => w.terminate()));
    await client.end();
  }
}
