/**
 * What the pipeline trusts: only the platform curates (an advocate adding to a project they do not
 * advocate is refused, as the curate call refuses them); the board's reveal warning and the move read
 * one rule of who curated a hidden candidate in; a company's update of a field only admins set is
 * refused by name, never silently dropped; and two racing moves of one card keep their history in order.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { ACTIVITY, STAGES } from '../../schema/rules/pipeline';
import { REJECT, pipelineWorld, type PipelineWorld } from '../helpers/pipeline';

let w: PipelineWorld;
beforeAll(async () => {
  w = await pipelineWorld();
}, 120_000);

const add = (who: 'admin' | 'advocate' | 'company', projectId: number, candidate: string) =>
  w.as(who).post('/projects/candidate/add', { projectId: `Project:${projectId}`, candidateId: w.cid(candidate) });

const curatedLogs = (projectId: number, candidate: string) =>
  w
    .knex('candidate_recruitment_stage_logs')
    .where({ project_id: projectId, candidate_id: w.ids[candidate], activity: ACTIVITY.curated })
    .select('actor_id');

describe('Adding a candidate as the platform', () => {
  it("refuses an advocate adding to a company's project they do not advocate, as the curate call does", async () => {
    const res = await add('advocate', w.projects.globex, 'Ivy');
    expect(res.status, JSON.stringify(res.body)).toBe(403);
    const curate = await w
      .as('advocate')
      .post('/projects/candidate/curate', { projectId: w.projects.globex, candidateIds: [w.cid('Ivy')] });
    expect(curate.status).toBe(403);
    expect(await w.rowOf(w.projects.globex, 'Ivy')).toBeUndefined();
    const suggested = await w.as('admin').get(`/projects/candidates/search?project_id=${w.projects.globex}`);
    expect(suggested.body.docs.map((d: { id: string }) => d.id)).not.toContain(w.cid('Ivy'));
  });

  it('curates where the advocate advocates, and a General admin anywhere: flagged and logged as curated', async () => {
    expect((await add('advocate', w.projects.acme, 'Ivy')).status).toBe(200);
    expect(await w.rowOf(w.projects.acme, 'Ivy')).toMatchObject({ curated: true, stage: STAGES.open });
    expect(await curatedLogs(w.projects.acme, 'Ivy')).toEqual([{ actor_id: w.people.advocate }]);
    expect((await add('admin', w.projects.globex, 'Ivy')).status).toBe(200);
    expect(await w.rowOf(w.projects.globex, 'Ivy')).toMatchObject({ curated: true });
    expect(await curatedLogs(w.projects.globex, 'Ivy')).toEqual([{ actor_id: w.people.admin }]);
  });

  it("a company's own addition is not curated", async () => {
    expect((await add('company', w.projects.memberOwn, 'Ben')).status).toBe(200);
    expect(await w.rowOf(w.projects.memberOwn, 'Ben')).toMatchObject({ curated: false });
    expect(await curatedLogs(w.projects.memberOwn, 'Ben')).toEqual([]);
  });
});

describe("A hidden candidate's reveal: the board's warning and the move read one rule", () => {
  const board = async (projectId: number) =>
    (await w.as('company').get(`/projects/candidates/search?project_id=${projectId}`)).body.docs as {
      id: string;
      revealsOnMove?: boolean;
    }[];
  const moveOn = (projectId: number, extra: Record<string, unknown> = {}) =>
    w.as('company').post('/projects/recruitment', {
      projectId,
      candidateId: w.cid('Dev'),
      recruitmentStatus: STAGES.qualify,
      ...extra,
    });

  it('an admin added them: the board warns, and the move asks for the confirmation, then reveals', async () => {
    expect((await add('admin', w.projects.memberOwn, 'Dev')).status).toBe(200);
    const card = (await board(w.projects.memberOwn)).find((d) => d.id === w.cid('Dev'));
    expect(card?.revealsOnMove).toBe(true);
    const unconfirmed = await moveOn(w.projects.memberOwn);
    expect(unconfirmed.status, JSON.stringify(unconfirmed.body)).toBe(409);
    expect(unconfirmed.body.error.code).toBe('project.recruitment.errors.revealRequired');
    expect((await w.rowOf(w.projects.memberOwn, 'Dev'))?.stage).toBe(STAGES.open);
    const confirmed = await moveOn(w.projects.memberOwn, { confirmReveal: true });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    expect((await w.rowOf(w.projects.memberOwn, 'Dev'))?.revealed_at).not.toBeNull();
  });

  it('a row flagged curated without the platform curating: no warning, and the move reveals nothing', async () => {
    await w.place(w.projects.acmeUnshared, 'Dev', STAGES.open, { curated: true });
    const card = (await board(w.projects.acmeUnshared)).find((d) => d.id === w.cid('Dev'));
    expect(card).toBeDefined();
    expect(card?.revealsOnMove).toBe(false);
    const moved = await moveOn(w.projects.acmeUnshared);
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect((await w.rowOf(w.projects.acmeUnshared, 'Dev'))?.revealed_at).toBeNull();
  });
});

describe("A company's update of what only admins set", () => {
  beforeAll(async () => {
    await w
      .knex('projects')
      .whereIn('id', [w.projects.acme, w.projects.memberOwn])
      .update({ job_description: 'Backend engineers for payments.' });
  });

  it('is refused by name (403), and nothing changes', async () => {
    const path = `/projects/Project:${w.projects.memberOwn}`;
    const res = await w
      .as('company')
      .put(path, { title: 'Renamed', advocateId: `Admin:${w.people.advocate}`, checked: true });
    expect(res.status, JSON.stringify(res.body)).toBe(403);
    expect(res.body.error).toMatchObject({
      code: 'errors.fieldNotWritable',
      fields: { advocateId: 'advocateId.errors.notWritable', checked: 'checked.errors.notWritable' },
    });
    const moved = await w
      .as('company')
      .put('/projects/update/project', { projectId: w.projects.memberOwn, companyId: `Company:${w.companies.globex}` });
    expect(moved.status, JSON.stringify(moved.body)).toBe(403);
    expect(moved.body.error.fields).toEqual({ companyId: 'companyId.errors.notWritable' });
    const row = await w.knex('projects').where('id', w.projects.memberOwn).first();
    expect(row).toMatchObject({
      title: "Marcus's hires",
      advocate_id: null,
      checked: false,
      company_id: w.companies.acme,
    });
  });

  it('the stored values sent back are harmless', async () => {
    const res = await w.as('company').put(`/projects/Project:${w.projects.acme}`, {
      title: 'Acme backend engineers',
      advocateId: `Admin:${w.people.advocate}`,
      checked: false,
      isAdminProject: false,
      companyId: `Company:${w.companies.acme}`,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await w.knex('projects').where('id', w.projects.acme).first('title')).title).toBe('Acme backend engineers');
  });
});

describe('Two moves of one card at once', () => {
  /** Waits until a backend waits on a lock while writing project rows (the move's lockRows). */
  async function blockedMove(): Promise<void> {
    for (let i = 0; i < 200; i++) {
      const { rows } = await w.knex.raw(
        `select 1 from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock' and query ilike 'insert into project_candidates%'`,
      );
      if (rows.length) return;
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error('the move never waited');
  }

  it('record history in the order they happened, whichever transaction started first: each move starts where the one before ended', async () => {
    await w.place(w.projects.acme, 'Ben', STAGES.qualify, { revealed_at: new Date() });
    const hold = await w.knex.transaction();
    let later: Promise<{ status: number; body: unknown }> | undefined;
    try {
      // Ivy's row, written and not yet committed, holds back a bulk move of Ben and Ivy that has already begun.
      await hold('project_candidates').where({ project_id: w.projects.acme, candidate_id: w.ids.Ivy }).delete();
      await hold('project_candidates').insert({
        project_id: w.projects.acme,
        candidate_id: w.ids.Ivy,
        company_id: w.companies.acme,
        stage: STAGES.shortlist,
        revealed_at: new Date(),
      });
      later = w
        .as('admin')
        .post('/projects/recruitment', {
          projectId: w.projects.acme,
          candidateId: [w.cid('Ben'), w.cid('Ivy')],
          recruitmentStatus: STAGES.rejected,
          rejectFormData: REJECT,
        })
        .then((r) => ({ status: r.status, body: r.body }));
      await blockedMove();
      // Meanwhile Ben alone moves on: this move begins later and finishes first.
      const first = await w.as('admin').post('/projects/recruitment', {
        projectId: w.projects.acme,
        candidateId: w.cid('Ben'),
        recruitmentStatus: STAGES.shortlist,
      });
      expect(first.status, JSON.stringify(first.body)).toBe(200);
      await hold.commit();
    } finally {
      if (!hold.isCompleted()) await hold.rollback();
    }
    const second = await later!;
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    const history = await w
      .knex('candidate_recruitment_stage_logs')
      .where({ project_id: w.projects.acme, candidate_id: w.ids.Ben, activity: ACTIVITY.stageChanged })
      .orderBy([{ column: 'created_at' }, { column: 'id' }])
      .select('from_stage', 'to_stage', 'created_at', 'id');
    expect(history.map((h) => [h.from_stage, h.to_stage])).toEqual([
      [STAGES.qualify, STAGES.shortlist],
      [STAGES.shortlist, STAGES.rejected],
    ]);
    expect(history[0].created_at.getTime()).toBeLessThan(history[1].created_at.getTime());
  });
});
