/**
 * "Add to project" of a company with more open projects than the list holds: GET /projects/candidate/list answers
 * the 200 newest and how many match in all (`total`), so the dialog can say the list is cut; a search (`q`) reaches
 * the oldest, and its total counts only what it found.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { pipelineWorld, type PipelineWorld } from '../helpers/pipeline';

let w: PipelineWorld;
const run = Date.now().toString(36);
const oldest = `Oldest ${run}`;

beforeAll(async () => {
  w = await pipelineWorld();
  const base = await w.knex('projects').where('id', w.projects.acme).first('job_title_id', 'countries');
  const start = Date.UTC(2020, 0, 1);
  const rows = Array.from({ length: 230 }, (_, i) => ({
    title: i === 0 ? oldest : `Bulk ${run} ${i}`,
    company_id: w.companies.acme,
    owner_id: w.people.owner,
    job_title_id: base.job_title_id,
    countries: base.countries,
    headcount: 1,
    salary_min: 1000,
    salary_max: 2000,
    created_at: new Date(start + i * 86_400_000),
  }));
  await w.knex.batchInsert('projects', rows, 100);
}, 120_000);

const list = (q?: string) =>
  w.as('company').get(`/projects/candidate/list?candidateId=${w.cid('Ava')}${q ? `&q=${encodeURIComponent(q)}` : ''}`);

describe('The open projects offered to add a candidate to', () => {
  it('says how many match when the list of 200 is cut, and a search reaches the oldest', async () => {
    const all = await list();
    expect(all.status, JSON.stringify(all.body)).toBe(200);
    const data = all.body.data as { title: string }[];
    expect(data).toHaveLength(200);
    expect(data.some((p) => p.title === oldest)).toBe(false);
    expect(all.body.total).toBeGreaterThanOrEqual(230);

    const found = await list(oldest);
    expect(found.status, JSON.stringify(found.body)).toBe(200);
    expect((found.body.data as { title: string }[]).map((p) => p.title)).toEqual([oldest]);
    expect(found.body.total).toBe(1);

    const bulk = await list(`Bulk ${run}`);
    expect(bulk.body.total).toBe(229);
    expect(bulk.body.data).toHaveLength(200);
  });
});
