/**
 * A list's search box finds a name or a title as talent search does, case and accents aside
 * (backend/db/textMatch.ts): 'emilie' finds 'Émilie', 'lukasz' finds 'Łukasz' (a letter Unicode does not
 * decompose), 'nunez' finds 'Ñúñez', and a plain name stored ('Renee') is found by the accented one typed
 * ('Renée'). Before, these searches compared with ILIKE, which folds the case only. Projects are made through
 * the portal's route, then searched in the console's generic project list (`filter.q`), the portal's project
 * list (`q`) and the "Add to project" picker (GET /projects/candidate/list, `q`).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entity } from '../../schema';
import type { TestApp } from '../helpers/app';
import { listQuery } from '../helpers/app';
import { projectBody, projectsApp, type People } from '../helpers/projects';
import { candidatePayload, talentIds } from '../helpers/talent';

let t: TestApp;
let p: People;
let candidateId: string;

const project = entity('project');
const MARK = 'Qfold';
const STORED = ['Émilie', 'Łukasz', 'Ñúñez', 'Renee', 'Zoe'].map((name) => `${name} ${MARK}`);

/** What is typed, and the one project it finds. */
const TYPED: [string, string][] = [
  ['emilie', 'Émilie'],
  ['EMILIE qfold', 'Émilie'],
  ['lukasz', 'Łukasz'],
  ['nunez', 'Ñúñez'],
  ['Renée', 'Renee'],
  ['Łukasz', 'Łukasz'],
];

beforeAll(async () => {
  ({ t, p } = await projectsApp());
  for (const title of STORED) {
    const made = await p.as('companyAdmin').post('/projects/create', await projectBody(t.knex, { title }));
    expect(made.status, JSON.stringify(made.body)).toBe(201);
  }
  const made = await p
    .as('general')
    .post('/candidates', candidatePayload(await talentIds(t.knex), { firstName: 'Ana', lastName: MARK }));
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  candidateId = made.body.id;
});
afterAll(() => t?.knex.destroy());

const found = (titles: string[]) => titles.filter((title) => title.endsWith(MARK)).map((title) => title.split(' ')[0]);

describe('A list search finds names and titles case and accents aside', () => {
  it.each(TYPED)("the console's project list: %s", async (typed, name) => {
    const res = await p
      .as('general')
      .get(`/${project.resource}?${listQuery({ filter: { q: typed }, range: [0, 99] })}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(found(res.body.map((r: { title: string }) => r.title))).toEqual([name]);
  });

  it.each(TYPED)("the portal's project list: %s", async (typed, name) => {
    const res = await p
      .as('companyAdmin')
      .get(`/projects/list?view=all&q=${encodeURIComponent(typed)}&page=1&perPage=100`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(found(res.body.data.map((r: { title: string }) => r.title))).toEqual([name]);
  });

  it.each(TYPED)('the "Add to project" picker: %s', async (typed, name) => {
    const res = await p
      .as('companyAdmin')
      .get(`/projects/candidate/list?candidateId=${encodeURIComponent(candidateId)}&q=${encodeURIComponent(typed)}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(found(res.body.data.map((r: { title: string }) => r.title))).toEqual([name]);
  });
});
