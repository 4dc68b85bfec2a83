/**
 * The log of search-document changes: every committed insert, update and delete of a search
 * document, whoever writes it (the API, plain SQL, a session that turns ordinary triggers off as
 * the bulk import does), is one row per document with the writing transaction's id, so a process
 * holding the documents in memory catches up in one statement; a rolled-back write leaves nothing,
 * and the log keeps SEARCH_CHANGES_RETENTION_MINUTES.
 */
import type { Knex } from 'knex';
import { runOnce } from 'graphile-worker';
import { beforeAll, describe, expect, it } from 'vitest';
import { CRONTAB, taskList, workerLogger } from '../../backend/jobs/worker';
import { SEARCH_CHANGES_RETENTION_MINUTES } from '../../schema/entities/internal/candidateSearchChange';
import { bearer, candidatePayload, talentWorld, type TalentWorld } from '../helpers/talent';

let w: TalentWorld;
let demo: number;

beforeAll(async () => {
  w = await talentWorld();
  demo = Number(w.demoId.split(':')[1]);
});

interface Change {
  xid: number;
  documentId: number;
}

/** The id of the last change logged so far. */
async function mark(): Promise<number> {
  const [{ id }] = await w.t.knex('candidate_search_changes').max({ id: 'id' });
  return Number(id ?? 0);
}

/** The changes logged after `after`, by document. */
async function changesAfter(after: number): Promise<Change[]> {
  const rows = await w.t.knex('candidate_search_changes').where('id', '>', after).orderBy(['document_id', 'id']).select('xid', 'document_id');
  return rows.map((r) => ({ xid: Number(r.xid), documentId: r.document_id as number }));
}

async function currentXid(trx: Knex | Knex.Transaction): Promise<number> {
  const { rows } = await trx.raw('select pg_current_xact_id()::text::bigint as xid');
  return Number(rows[0].xid);
}

/** The transaction id a new transaction gets now: every later one is greater. */
const nextXid = () => w.t.knex.transaction((trx) => currentXid(trx));

async function insertCandidate(trx: Knex.Transaction, email: string): Promise<number> {
  const [row] = await trx('candidates').insert({ email, first_name: 'Lena', last_name: 'Marsh', status: 1 }).returning('id');
  return row.id as number;
}

describe('Every committed change of a search document is logged with its transaction', () => {
  it('An update through the API logs the candidate once, in a transaction after the ones before it', async () => {
    const after = await mark();
    const before = await nextXid();
    await w.t.http.put(`/api/v1/candidates/${w.demoId}`).set(bearer(w.admin)).send({ summary: 'Platform engineer who writes change logs.' }).expect(200);
    const changes = await changesAfter(after);
    expect(changes.map((c) => c.documentId)).toEqual([demo]);
    expect(changes[0].xid).toBeGreaterThan(before);
  });

  it('Creating and deleting a candidate through the API log the inserted and the deleted document', async () => {
    let after = await mark();
    const created = await w.t.http.post('/api/v1/candidates').set(bearer(w.admin)).send(candidatePayload(w.ids)).expect(201);
    const id = Number(String(created.body.id).split(':').pop());
    expect(await w.t.knex('candidate_search_documents').where('id', id).first('id')).toEqual({ id });
    expect((await changesAfter(after)).map((c) => c.documentId)).toEqual([id]);

    after = await mark();
    await w.t.http.delete(`/api/v1/candidates/Candidate:${id}`).set(bearer(w.admin)).expect(200);
    expect(await w.t.knex('candidate_search_documents').where('id', id).first('id')).toBeUndefined();
    expect((await changesAfter(after)).map((c) => c.documentId)).toEqual([id]);
  });

  it('A statement updating documents directly logs each of them with the transaction that wrote it', async () => {
    const ids = (await w.t.knex('candidate_search_documents').orderBy('id').limit(2).pluck('id')) as number[];
    expect(ids).toHaveLength(2);
    const after = await mark();
    const xid = await w.t.knex.transaction(async (trx) => {
      await trx('candidate_search_documents').whereIn('id', ids).increment('popularity', 1);
      return currentXid(trx);
    });
    expect(await changesAfter(after)).toEqual(ids.map((documentId) => ({ xid, documentId })));
  });

  it("Inserting and deleting a document log its id with the writing transaction's id", async () => {
    let after = await mark();
    const [id, inserting] = await w.t.knex.transaction(async (trx) => {
      const inserted = await insertCandidate(trx, 'lena.marsh@changes.example.org');
      // The document is written when the transaction commits, in the same transaction.
      return [inserted, await currentXid(trx)] as const;
    });
    expect(await w.t.knex('candidate_search_documents').where('id', id).first('id')).toEqual({ id });
    expect(await changesAfter(after)).toEqual([{ xid: inserting, documentId: id }]);

    after = await mark();
    const deleting = await w.t.knex.transaction(async (trx) => {
      await trx('candidates').where('id', id).delete();
      return currentXid(trx);
    });
    expect(await w.t.knex('candidate_search_documents').where('id', id).first('id')).toBeUndefined();
    expect(await changesAfter(after)).toEqual([{ xid: deleting, documentId: id }]);
  });

  it('A session that turns ordinary triggers off (as the bulk import does) still logs what it writes', async () => {
    const after = await mark();
    const xid = await w.t.knex.transaction(async (trx) => {
      await trx.raw("set local session_replication_role = 'replica'");
      await trx('candidate_search_documents').where('id', demo).increment('popularity', 1);
      return currentXid(trx);
    });
    expect(await changesAfter(after)).toEqual([{ xid, documentId: demo }]);
  });

  it('A rolled-back write logs nothing', async () => {
    const after = await mark();
    let loggedInside = 0;
    await w.t.knex
      .transaction(async (trx) => {
        await trx('candidate_search_documents').where('id', demo).increment('popularity', 1);
        await insertCandidate(trx, 'rolled.back@changes.example.org');
        // Writes the new candidate's document now rather than at commit.
        await trx.raw('set constraints all immediate');
        loggedInside = (await trx('candidate_search_changes').where('id', '>', after).pluck('document_id')).length;
        throw new Error('changed my mind');
      })
      .catch(() => undefined);
    expect(loggedInside).toBe(2);
    expect(await changesAfter(after)).toEqual([]);
  });

  it('A reader finds a write committed after its last read by reading from the oldest transaction then running', async () => {
    const read = async (since: number) => {
      const { rows } = await w.t.knex.raw(
        `select pg_snapshot_xmin(pg_current_snapshot())::text::bigint as xmin,
           array(select document_id from candidate_search_changes where xid >= ? order by id) as ids`,
        [since],
      );
      return { xmin: Number(rows[0].xmin), ids: rows[0].ids as number[] };
    };
    const writer = await w.t.knex.transaction();
    try {
      await writer('candidate_search_documents').where('id', demo).increment('popularity', 1);
      const xid = await currentXid(writer);
      const first = await read(xid);
      expect(first.ids).not.toContain(demo);
      expect(first.xmin).toBeLessThanOrEqual(xid);
      await writer.commit();
      expect((await read(first.xmin)).ids).toContain(demo);
    } finally {
      if (!writer.isCompleted()) await writer.rollback();
    }
  });
});

describe('The purge of the change log', () => {
  it(`Deletes the changes older than ${SEARCH_CHANGES_RETENTION_MINUTES} minutes and keeps the others`, async () => {
    const minutesAgo = (m: number) => w.t.knex.raw(`now() - make_interval(mins => ?)`, [m]);
    const rows = await w.t
      .knex('candidate_search_changes')
      .insert([
        { document_id: 900001, created_at: minutesAgo(SEARCH_CHANGES_RETENTION_MINUTES + 1) },
        { document_id: 900002, created_at: minutesAgo(SEARCH_CHANGES_RETENTION_MINUTES - 1) },
        { document_id: 900003, created_at: minutesAgo(0) },
      ])
      .returning(['id', 'xid']);
    // The database gives the transaction id when a writer leaves it out.
    expect(rows.every((r) => Number(r.xid) > 0)).toBe(true);

    await w.t.knex.raw("select graphile_worker.add_job('purge_search_changes', '{}'::json)");
    await runOnce({ connectionString: w.t.url, taskList: taskList(w.t.config), logger: workerLogger });

    expect(await w.t.knex('candidate_search_changes').whereIn('document_id', [900001, 900002, 900003]).orderBy('document_id').pluck('document_id')).toEqual([
      900002, 900003,
    ]);
    expect(await w.t.knex('candidate_search_changes').where('created_at', '<', minutesAgo(SEARCH_CHANGES_RETENTION_MINUTES)).count({ n: '*' })).toEqual([
      { n: 0 },
    ]);
  });

  it('Runs every ten minutes', () => {
    expect(CRONTAB).toMatch(/^\*\/10 \* \* \* \* purge_search_changes\b/m);
  });
});
