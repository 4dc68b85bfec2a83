/**
 * An advocate acts as the platform only on the projects they advocate (schema/rules/stages.ts `curates`): granting a
 * company access to a candidate, creating a project with candidates curated into it, and a move that places a
 * candidate in a company's project are each refused (403, as the curate call) on a project they do not advocate,
 * with nothing written; the same calls succeed on their own project and for a General admin anywhere. A project's
 * candidates are curated by the curate call's status rule: a paused candidate is not found.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { ACTIVITY, STAGES } from '../../schema/rules/pipeline';
import { pipelineWorld, type PipelineWorld, type Who } from '../helpers/pipeline';
import { projectBody } from '../helpers/projects';

let w: PipelineWorld;
beforeAll(async () => {
  w = await pipelineWorld();
}, 120_000);

const FORBIDDEN = 'errors.forbidden';

/** The curate call's refusal of the advocate on a project they do not advocate: what every refusal here matches. */
async function curateRefusal(projectId: number, candidate: string) {
  const res = await w
    .as('advocate')
    .post('/projects/candidate/curate', { projectId, candidateIds: [w.cid(candidate)] });
  expect(res.status).toBe(403);
  return res.body.error;
}

const logsOf = (projectId: number, candidate: string, activity: number) =>
  w.knex('candidate_recruitment_stage_logs').where({ project_id: projectId, candidate_id: w.ids[candidate], activity });

describe('POST projects/candidate/access/grant', () => {
  const grant = (who: Who, projectId: number, candidate: string) =>
    w
      .as(who)
      .post('/projects/candidate/access/grant', { projectId: `Project:${projectId}`, candidateId: w.cid(candidate) });

  it('refuses an advocate on a project they do not advocate, as the curate call does: nothing is revealed', async () => {
    await w.place(w.projects.acmeUnshared, 'Eve', STAGES.qualify);
    const res = await grant('advocate', w.projects.acmeUnshared, 'Eve');
    expect(res.status, JSON.stringify(res.body)).toBe(403);
    expect(res.body.error).toEqual(await curateRefusal(w.projects.acmeUnshared, 'Ivy'));
    expect(res.body.error.code).toBe(FORBIDDEN);
    expect((await w.rowOf(w.projects.acmeUnshared, 'Eve'))?.revealed_at).toBeNull();
    expect(await logsOf(w.projects.acmeUnshared, 'Eve', ACTIVITY.revealed)).toEqual([]);
  });

  it('grants where the advocate advocates, and a General admin anywhere', async () => {
    await w.place(w.projects.acme, 'Eve', STAGES.qualify);
    const own = await grant('advocate', w.projects.acme, 'Eve');
    expect(own.status, JSON.stringify(own.body)).toBe(200);
    expect(own.body.granted).toEqual([w.cid('Eve')]);
    expect((await w.rowOf(w.projects.acme, 'Eve'))?.revealed_at).not.toBeNull();
    const general = await grant('admin', w.projects.acmeUnshared, 'Eve');
    expect(general.status, JSON.stringify(general.body)).toBe(200);
    expect(general.body.granted).toEqual([w.cid('Eve')]);
  });
});

describe('POST projects/create with candidates', () => {
  const create = async (who: Who, path: string, title: string, fields: Record<string, unknown>) =>
    w.as(who).post(path, await projectBody(w.knex, { title, ...fields }));
  const projectsTitled = (title: string) => w.knex('projects').where('title', title).pluck('id');

  it('refuses an advocate curating into a new company project (they do not advocate it): no project, no row', async () => {
    const error = await curateRefusal(w.projects.globex, 'Ivy');
    for (const path of ['/projects/create', '/projects/create/new-project']) {
      const title = `Globex scope ${path}`;
      const res = await create('advocate', path, title, {
        companyId: `Company:${w.companies.globex}`,
        candidateIds: [w.cid('Ivy')],
      });
      expect(res.status, JSON.stringify(res.body)).toBe(403);
      expect(res.body.error).toEqual(error);
      expect(await projectsTitled(title)).toEqual([]);
    }
    const curated = await w.knex('project_candidates').where({ candidate_id: w.ids.Ivy, curated: true }).pluck('id');
    expect(curated).toEqual([]);
  });

  it('curates for a General admin, and for an advocate into their own (internal) project', async () => {
    const general = await create('admin', '/projects/create', 'Globex curated', {
      companyId: `Company:${w.companies.globex}`,
      candidateIds: [w.cid('Ivy')],
    });
    expect(general.status, JSON.stringify(general.body)).toBe(201);
    const [id] = await projectsTitled('Globex curated');
    expect(await w.rowOf(id, 'Ivy')).toMatchObject({ stage: STAGES.open, curated: true });
    const job = await w.knex('graphile_worker.jobs').where('key', `curated-email:${id}`).first('task_identifier');
    expect(job?.task_identifier).toBe('email_curated_candidates');

    const own = await create('advocate', '/projects/create', 'Advocate bench', {
      isAdminProject: true,
      candidateIds: [w.cid('Ivy')],
    });
    expect(own.status, JSON.stringify(own.body)).toBe(201);
    const [bench] = await projectsTitled('Advocate bench');
    expect(await w.rowOf(bench, 'Ivy')).toMatchObject({ stage: STAGES.open, curated: true });
  });

  it('a paused candidate is not found, as the curate call finds them: nothing is created', async () => {
    const res = await create('admin', '/projects/create', 'Globex paused', {
      companyId: `Company:${w.companies.globex}`,
      candidateIds: [w.cid('Ivy'), w.cid('Finn')],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.error.fields).toEqual({ candidateIds: 'candidateIds.errors.notFound' });
    expect(await projectsTitled('Globex paused')).toEqual([]);
  });
});

describe('POST projects/recruitment placing a candidate', () => {
  const move = (who: Who, projectId: number, candidate: string, extra: Record<string, unknown> = {}) =>
    w.as(who).post('/projects/recruitment', {
      projectId,
      candidateId: w.cid(candidate),
      recruitmentStatus: STAGES.qualify,
      ...extra,
    });

  it('refuses an advocate placing a candidate in a project they do not advocate: no row, no reveal', async () => {
    const error = await curateRefusal(w.projects.globex, 'Ivy');
    for (const [candidate, extra] of [
      ['Ava', {}],
      ['Eve', { confirmReveal: true }],
    ] as const) {
      const res = await move('advocate', w.projects.globex, candidate, extra);
      expect(res.status, `${candidate}: ${JSON.stringify(res.body)}`).toBe(403);
      expect(res.body.error).toEqual(error);
      expect(await w.rowOf(w.projects.globex, candidate)).toBeUndefined();
      expect(await logsOf(w.projects.globex, candidate, ACTIVITY.revealed)).toEqual([]);
    }
  });

  it('places them where the advocate advocates, and for a General admin anywhere', async () => {
    expect((await move('advocate', w.projects.acme, 'Ava')).status).toBe(200);
    expect((await w.rowOf(w.projects.acme, 'Ava'))?.stage).toBe(STAGES.qualify);
    const general = await move('admin', w.projects.globex, 'Ava');
    expect(general.status, JSON.stringify(general.body)).toBe(200);
    expect((await w.rowOf(w.projects.globex, 'Ava'))?.stage).toBe(STAGES.qualify);
  });

  it('moves a candidate already in the project for the advocate, as before', async () => {
    await w.place(w.projects.globex, 'Ben', STAGES.qualify);
    const res = await move('advocate', w.projects.globex, 'Ben', { recruitmentStatus: STAGES.shortlist });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await w.rowOf(w.projects.globex, 'Ben'))?.stage).toBe(STAGES.shortlist);
  });
});
