/**
 * The projects "Add selected to project" on /ai-match offers (GET /projects/candidate/list with
 * purpose=curate): only those the caller may curate into, by the rule the curate call applies, so an
 * advocate is not offered a company's project they do not advocate (the curate call would answer
 * 403); and the run's own project, asked for by id, is answered however many newer open projects
 * there are, unless it is closed or not the caller's to curate.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_STATUS } from '../../schema/rules/pipeline';
import { pipelineWorld, type PipelineWorld, type Who } from '../helpers/pipeline';

let w: PipelineWorld;
let old: number;
let oldClosed: number;

const listed = async (who: Who, query: Record<string, string | number>) => {
  const res = await w
    .as(who)
    .get(
      `/projects/candidate/list?${new URLSearchParams({ candidateId: w.cid('Ava'), ...query } as Record<string, string>)}`,
    );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body.data as { id: string }[]).map((p) => Number(p.id.replace('Project:', '')));
};

beforeAll(async () => {
  w = await pipelineWorld();
  const like = await w.knex('projects').where('id', w.projects.acme).first('job_title_id', 'countries');
  const row = (title: string, createdAt: Date, status: number = PROJECT_STATUS.active) => ({
    title,
    job_title_id: like.job_title_id,
    countries: like.countries,
    headcount: 1,
    salary_min: 5000,
    salary_max: 9000,
    company_id: w.companies.acme,
    owner_id: w.people.owner,
    status,
    created_at: createdAt,
  });
  const year2000 = new Date('2000-01-01T00:00:00Z');
  [{ id: old }, { id: oldClosed }] = await w
    .knex('projects')
    .insert([row('An old open hire', year2000), row('An old closed hire', year2000, PROJECT_STATUS.inactive)])
    .returning('id');
  // Two hundred newer open projects: the old one is past the list's newest 200.
  await w.knex('projects').insert(Array.from({ length: 200 }, (_, i) => row(`Newer hire ${i}`, new Date())));
});

describe("AI match's projects to curate into", () => {
  it("offers an advocate only the projects they advocate, not another company's", async () => {
    // Searched for (the newest 200 below are newer than the world's projects).
    expect(await listed('advocate', { purpose: 'curate', q: 'Globex' })).not.toContain(w.projects.globex);
    expect(await listed('advocate', { purpose: 'curate', q: 'Internal bench' })).not.toContain(w.projects.internal);
    expect(await listed('advocate', { purpose: 'curate', q: 'Acme engineers' })).toContain(w.projects.acme);
    // Each one offered is one the curate call takes from the advocate.
    const curate = await w
      .as('advocate')
      .post('/projects/candidate/curate', { projectId: w.projects.acme, candidateIds: [w.cid('Ava')] });
    expect(curate.status, JSON.stringify(curate.body)).toBe(200);
    // Asked for by id, a project the advocate may not curate into is not answered either.
    expect(await listed('advocate', { purpose: 'curate', projectId: w.projects.globex })).not.toContain(
      w.projects.globex,
    );
  });

  it('offers a General admin every open project, Globex among them', async () => {
    expect(await listed('admin', { purpose: 'curate', q: 'Globex' })).toContain(w.projects.globex);
  });

  it("answers the run's own project by id beyond the newest 200, and never a closed one", async () => {
    expect(await listed('admin', { purpose: 'curate' })).not.toContain(old);
    const ids = await listed('admin', { purpose: 'curate', projectId: `Project:${old}` });
    expect(ids).toContain(old);
    expect(ids.filter((id) => id === old)).toHaveLength(1);
    expect(await listed('admin', { purpose: 'curate', projectId: oldClosed })).not.toContain(oldClosed);
  });
});
