/**
 * The profile panel opened from a project's board, with a real streaming replica that lags within
 * its bound: the board is read on the primary, so the panel opened from it is too. Right after one
 * teammate's move revealed a candidate, another teammate who opens her panel from the board reads
 * the name the board shows, not the replica's older anonymous row; from search she stays anonymous.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { STAGES } from '../../schema/rules/pipeline';
import { closeReplicas } from '../../backend/db/replica';
import { pipelineWorld, type PipelineWorld } from '../helpers/pipeline';
import { onCopy, onServer, pauseReplay, replicaInUse, startReplica, until, type Copy } from '../helpers/replica';

// Long enough for a loaded machine to move and read within it.
const MAX_LAG_MS = 30_000;

let w: PipelineWorld;
let replica: Copy;
let database: string;

beforeAll(async () => {
  w = await pipelineWorld();
  w.t.config.replicaMaxLagMs = MAX_LAG_MS;
  replica = await startReplica(inject('pgAdminUrl'));
  database = new URL(w.t.url).pathname.slice(1);
  await until(
    () => onServer<{ n: number }>(replica, 'select count(*)::int as n from pg_database where datname = $1', [database]),
    (rows) => rows[0].n === 1,
  );
  w.t.config.databaseReplicaUrl = replica.urlOf(database);
  await w.as('member').get('/skills/search?q=quasar');
}, 120_000);

afterAll(async () => {
  await closeReplicas();
});

describe('The profile panel opened from a board, with a lagging replica', () => {
  it("names the candidate a teammate's move just revealed, as the board does", async () => {
    // The owner shares the project with the member; Eve (anonymous) is curated into it; the replica replays that much.
    await w
      .knex('projects')
      .where('id', w.projects.acme)
      .update({ shared_user_ids: [w.people.member] });
    const curated = await w
      .as('admin')
      .post('/projects/candidate/curate', { projectId: w.projects.acme, candidateIds: [w.cid('Eve')] });
    expect(curated.status, JSON.stringify(curated.body)).toBe(200);
    const onBoard = () =>
      onCopy(replica, database, 'select 1 from project_candidates where project_id = $1 and candidate_id = $2', [
        w.projects.acme,
        w.ids.Eve,
      ]);
    expect(await until(onBoard, (rows) => rows.length === 1)).toHaveLength(1);
    // Everyone's sign-in and writes were long ago: their reads may go to the replica.
    await w.knex('sessions').update({ updated_at: w.knex.raw(`now() - interval '1 hour'`) });
    expect(await until(replicaInUse, (v) => v === 1)).toBe(1);
    await pauseReplay(replica, w.knex);
    try {
      // The owner moves her into a stage that reveals her (on the primary only, the replica paused).
      const moved = await w.as('company').post('/projects/recruitment', {
        projectId: w.projects.acme,
        candidateId: w.cid('Eve'),
        recruitmentStatus: STAGES.qualify,
        confirmReveal: true,
      });
      expect(moved.status, JSON.stringify(moved.body)).toBe(200);
      expect(await replicaInUse()).toBe(1);
      // The member, who wrote nothing, opens her panel from the board.
      const panel = await w.as('member').get(`/search/candidates/${w.cid('Eve')}?projectId=${w.projects.acme}`);
      expect(panel.status, JSON.stringify(panel.body)).toBe(200);
      expect(panel.body).toMatchObject({ firstName: 'Eve', lastName: 'Ng', name: 'Eve Ng', anonymous: false });
      // From search (the replica may answer) she stays anonymous.
      const outside = await w.as('member').get(`/search/candidates/${w.cid('Eve')}`);
      expect(outside.body).toMatchObject({ name: null, anonymous: true });
    } finally {
      await onServer(replica, 'select pg_wal_replay_resume()');
    }
  });
});
