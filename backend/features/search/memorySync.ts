/**
 * Loads the search documents into memory (memory.ts), once per database connection (per Knex),
 * when the server starts, and keeps them true by catching up before every search:
 * candidate_search_changes logs every document a transaction wrote (triggers, see
 * migrations/*_log_candidate_search_changes.ts), and one statement reads the documents logged by
 * transactions at or after the oldest one still running at the last catch-up, with that statement's
 * own oldest running transaction as the next mark. A transaction that commits later is read then;
 * one that committed before has been read. So a search sees every change committed before it
 * started, as a search in SQL would. A process that has not caught up for half the time the log
 * keeps changes reloads.
 */
import type { Request, RequestHandler } from 'express';
import type { Knex } from 'knex';
import { readKnex } from '../../db/replica';
import { SEARCH_CHANGES_RETENTION_MINUTES } from '../../../schema/entities/internal/candidateSearchChange';
import { logger } from '../../logger';
import { DOCUMENT_COLUMNS, MemoryDocuments, type DocumentRow } from './memory';

/** Ids per statement while loading. */
const LOAD_PAGE = 50_000;
/** A catch-up older than this reloads instead: the change log keeps changes for twice as long (purge_search_changes). */
const STALE_MS = (SEARCH_CHANGES_RETENTION_MINUTES / 2) * 60_000;
/** The oldest running transaction (the catch-up's mark) and today in the database's time zone, in days since 1970-01-01. */
const NOW_SQL = `pg_snapshot_xmin(pg_current_snapshot())::text as mark, (current_date - date '1970-01-01') as today`;

class HeldDocuments {
  readonly docs = new MemoryDocuments();
  /** The oldest transaction still running at the last catch-up: changes from it on are read again. */
  private mark = '0';
  private caughtUpAt = 0;
  loaded = false;
  loading = false;
  private queue: Promise<void> = Promise.resolve();
  private waiting: Promise<void> | undefined;

  constructor(private readonly knex: Knex) {}

  /**
   * Brings the documents up to date with every change committed before this call (a call made while
   * a catch-up runs waits for the next one, which starts after it).
   */
  catchUp(): Promise<void> {
    if (this.waiting) return this.waiting;
    const next = this.queue.then(() => {
      this.waiting = undefined;
      return this.loaded && Date.now() - this.caughtUpAt < STALE_MS ? this.readChanges() : this.load();
    });
    this.waiting = next;
    this.queue = next.catch((err: unknown) => {
      logger.warn({ err }, 'could not catch up the search documents held in memory');
      this.loaded = false;
      this.loading = false;
    });
    return next;
  }

  private async load(): Promise<void> {
    const head = (await this.knex.raw(`select ${NOW_SQL}, (select coalesce(max(id), 0) from candidate_search_documents) as last`)) as {
      rows: { mark: string; today: number; last: number }[];
    };
    this.loaded = false;
    this.loading = true;
    this.docs.reset();
    // Pages by ranges of ids, the next asked for while this one is read in: the database and this process work side by side.
    const page = (from: number) =>
      this.knex.raw(`select ${DOCUMENT_COLUMNS} from candidate_search_documents d where d.id > ? and d.id <= ? order by d.id`, [
        from,
        from + LOAD_PAGE,
      ]) as Promise<{ rows: DocumentRow[] }>;
    const last = Number(head.rows[0].last);
    let next = last > 0 ? page(0) : undefined;
    for (let from = 0; from < last && next; from += LOAD_PAGE) {
      const { rows } = await next;
      // Documents written after `last` was read come with the catch-up that follows.
      if (from + LOAD_PAGE < last) next = page(from + LOAD_PAGE);
      for (const row of rows) this.docs.put(row);
    }
    this.mark = head.rows[0].mark;
    this.docs.today = head.rows[0].today;
    this.docs.build();
    this.loaded = true;
    this.loading = false;
    this.caughtUpAt = Date.now();
  }

  private async readChanges(): Promise<void> {
    const { rows } = (await this.knex.raw(
      `select w.mark, w.today, c.document_id, ${DOCUMENT_COLUMNS}
         from (select ${NOW_SQL}) w
         left join (select distinct document_id from candidate_search_changes where xid >= ?::bigint) c on true
         left join candidate_search_documents d on d.id = c.document_id`,
      [this.mark],
    )) as { rows: (DocumentRow & { mark: string; today: number; document_id: number | null })[] };
    for (const row of rows) {
      if (row.document_id === null) continue;
      if (row.id === null) this.docs.remove(row.document_id);
      else this.docs.put(row);
    }
    this.mark = rows[0].mark;
    this.docs.today = rows[0].today;
    this.docs.tidy();
    this.caughtUpAt = Date.now();
  }
}

const held = new WeakMap<Knex, HeldDocuments>();

function heldFor(knex: Knex): HeldDocuments {
  let h = held.get(knex);
  if (!h) held.set(knex, (h = new HeldDocuments(knex)));
  return h;
}

/** The documents held for this database connection, caught up with every committed change (loaded first if need be). */
export async function memoryDocuments(knex: Knex): Promise<MemoryDocuments> {
  const h = heldFor(knex);
  await h.catchUp();
  return h.docs;
}

/**
 * The documents, caught up, when they are loaded; undefined while they load (the load is started
 * if it was not), so a search reads PostgreSQL meanwhile rather than wait for a million rows.
 */
export async function readyDocuments(knex: Knex): Promise<MemoryDocuments | undefined> {
  const h = heldFor(knex);
  if (!h.loaded) {
    warmMemoryDocuments(knex);
    return undefined;
  }
  await h.catchUp();
  return h.docs;
}

/** The catch-up a request started as it arrived, by request. */
const arrivals = new WeakMap<Request, Promise<MemoryDocuments | undefined>>();

/**
 * A search or the console's talent list, asked with credentials, starts its catch-up as it arrives,
 * while its session is read: its documents then hold every change committed before it came in.
 */
export const catchUpOnArrival: RequestHandler = (req, _res, next) => {
  if (
    req.ctx.config.searchInMemory &&
    req.method === 'GET' &&
    (req.path === '/search' || req.path === '/candidates') &&
    (req.headers.authorization !== undefined || req.headers.cookie !== undefined)
  ) {
    const ready = readyDocuments(readKnex(req.ctx));
    ready.catch(() => undefined);
    arrivals.set(req, ready);
  }
  next();
};

/** The documents caught up for this request: by the catch-up it started on arrival, else by one started now. */
export function requestDocuments(knex: Knex, req: Request | undefined): Promise<MemoryDocuments | undefined> {
  return (req && arrivals.get(req)) ?? readyDocuments(knex);
}

/** Starts loading the documents held for this connection (a server does at start), without waiting. */
export function warmMemoryDocuments(knex: Knex): void {
  const h = heldFor(knex);
  if (!h.loaded && !h.loading) h.catchUp().catch(() => undefined);
}
