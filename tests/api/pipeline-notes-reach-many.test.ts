/**
 * A company reads a candidate's notes across many projects by the rule of reach (backend/features/pipeline/reach.ts),
 * asked of every project at once: the notes of projects whose board shows the candidate or, for a company other than
 * RaaS, whose saved filters find them (a closed project's suggested tab included), never those of its projects that
 * reach them neither way, of another company's projects, of a RaaS longlist, nor of a candidate who withdrew the
 * consent to be shown. Reading them takes the same statements for 12 projects as for 24, counted on the app's own
 * connection pool for the request alone.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { logContext } from '../../backend/logger';
import { STAGES } from '../../schema/rules/pipeline';
import { pipelineWorld, type PipelineWorld, type Who } from '../helpers/pipeline';

let w: PipelineWorld;
let engineer: number;
let manager: number;

beforeAll(async () => {
  w = await pipelineWorld();
  engineer = await w.lookup('job_titles', 'Software Engineer');
  manager = await w.lookup('job_titles', 'Product Manager');
}, 120_000);

/** A project written as a row, as the pipeline world writes them. */
async function project(title: string, values: Record<string, unknown>): Promise<number> {
  const [row] = await w
    .knex('projects')
    .insert({ title, job_title_id: engineer, headcount: 1, salary_min: 5000, salary_max: 9000, ...values })
    .returning('id');
  return row.id as number;
}

const acme = (title: string, values: Record<string, unknown> = {}) =>
  project(title, { company_id: w.companies.acme, owner_id: w.people.owner, ...values });

/** An admin's note meant for the project's company too (visibility 2), written through the API. */
async function note(projectId: number, text: string, candidate = 'Ben', visibility = 2): Promise<void> {
  const res = await w.as('admin').post('/candidate-note', {
    candidateId: w.cid(candidate),
    projectId: `Project:${projectId}`,
    note: text,
    visibility,
  });
  expect(res.status, `${text}: ${JSON.stringify(res.body)}`).toBe(201);
}

/** The texts of every note of the candidate `who` reads (no project named), sorted, and the statements it took. */
async function readAll(who: Who, candidate = 'Ben'): Promise<{ texts: string[]; statements: number }> {
  let statements = 0;
  const onQuery = () => {
    if (logContext.getStore()?.reqId) statements++;
  };
  w.knex.on('query', onQuery);
  try {
    const res = await w.as(who).get(`/candidate-note/${w.cid(candidate)}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return { texts: (res.body.data as { note: string }[]).map((n) => n.note).sort(), statements };
  } finally {
    w.knex.off('query', onQuery);
  }
}

/** Twelve projects with a note on Ben each: `reached` are the texts Acme reads of them. */
async function twelveProjects(round: string): Promise<string[]> {
  const reached: string[] = [];
  const add = async (id: number, text: string, reaches: boolean, visibility = 2) => {
    await note(id, `${round}: ${text}`, 'Ben', visibility);
    if (reaches) reached.push(`${round}: ${text}`);
  };
  for (const n of [1, 2, 3]) {
    const board = await acme(`${round} board ${n}`);
    await w.place(board, 'Ben', n === 3 ? STAGES.shortlist : STAGES.qualify);
    await add(board, `on the board ${n}`, true);
  }
  const saved = await acme(`${round} saved`, { current_url: `/search?jt=${engineer}` });
  await add(saved, 'suggested by the saved filters', true);
  // Written while open, read once closed: a closed project's suggested tab still reaches (nothing marks them seen).
  const closed = await acme(`${round} closed`, { current_url: `jt=${engineer}` });
  await add(closed, 'suggested in a project since closed', true);
  await w.knex('projects').where('id', closed).update({ status: 3 });
  await add(await acme(`${round} no filters`), 'in a project without filters nor row', false);
  await add(await acme(`${round} other filters`, { current_url: `jt=${manager}` }), 'not found by its filters', false);
  const hiddenFromCompany = await acme(`${round} admins only`);
  await w.place(hiddenFromCompany, 'Ben', STAGES.qualify);
  await add(hiddenFromCompany, 'for admins only', false, 1);
  const globex = await project(`${round} Globex`, { company_id: w.companies.globex, owner_id: w.people.globexUser });
  await w.place(globex, 'Ben', STAGES.shortlist);
  await add(globex, "in another company's project", false);
  const raas = { company_id: w.companies.raas, owner_id: w.people.raasOwner, project_type: 2, plan: 2 };
  const longlist = await project(`${round} RaaS longlist`, raas);
  await w.place(longlist, 'Ben', STAGES.qualify);
  await add(longlist, 'on a RaaS longlist', false);
  const raasSaved = await project(`${round} RaaS saved`, { ...raas, current_url: `jt=${engineer}` });
  await add(raasSaved, 'found by a RaaS project filters', false);
  const raasShortlist = await project(`${round} RaaS shortlist`, raas);
  await w.place(raasShortlist, 'Ben', STAGES.shortlist);
  await add(raasShortlist, 'on a RaaS shortlist', false);
  return reached;
}

describe("A candidate's notes across many projects", () => {
  it('are read by the rule of reach in each, in statements that do not grow with the projects', async () => {
    const first = await twelveProjects('A');
    await readAll('company');
    const twelve = await readAll('company');
    expect(twelve.texts).toEqual([...first].sort());

    const second = await twelveProjects('B');
    await readAll('company');
    const twentyFour = await readAll('company');
    expect(twentyFour.texts).toEqual([...first, ...second].sort());
    expect(twentyFour.statements).toBe(twelve.statements);
  });

  it("are read by a RaaS company from its shortlist only, never its longlist nor its saved filters' finds", async () => {
    const raas = await readAll('raas');
    expect(raas.texts).toEqual(['A: on a RaaS shortlist', 'B: on a RaaS shortlist']);
    await readAll('raas');
    expect((await readAll('raas')).statements).toBe(raas.statements);
  });

  it('are read by the company no more once the candidate withdrew the consent to be shown, and by admins still', async () => {
    // The demo candidate (the candidate token) on two boards.
    const boards = [await acme('Chloe board 1'), await acme('Chloe board 2')];
    for (const id of boards) {
      await w.place(id, 'Chloe', STAGES.qualify);
      await note(id, `Chloe on board ${id}`, 'Chloe');
    }
    const texts = boards.map((id) => `Chloe on board ${id}`).sort();
    expect((await readAll('company', 'Chloe')).texts).toEqual(texts);
    const withdrawn = await w.as('candidate').put('/data-rights/consents', { shownToCompanies: false });
    expect(withdrawn.status, JSON.stringify(withdrawn.body)).toBe(200);
    expect((await readAll('company', 'Chloe')).texts).toEqual([]);
    expect((await readAll('admin', 'Chloe')).texts).toEqual(expect.arrayContaining(texts));
    const given = await w.as('candidate').put('/data-rights/consents', { shownToCompanies: true });
    expect(given.status, JSON.stringify(given.body)).toBe(200);
    expect((await readAll('company', 'Chloe')).texts).toEqual(texts);
  });
});
