/**
 * Alphabetical order is a person's, not the bytes': a name with an accent or a letter beyond ASCII sorts among
 * the plain ones, case and accents aside ('Émilie' beside 'emma', 'Łukasz' among the L's, 'Ömer' among the
 * O's, 'Ñúñez' among the N's), on the test cluster's byte-wise C.UTF-8 (backend/db/textOrder.ts). Before, every
 * accented initial came after 'Zoe'. People and projects are made through the routes the console and the
 * portal call, then read back from the console's talent and project lists and the portal's project list.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entity } from '../../schema';
import type { TestApp } from '../helpers/app';
import { listQuery } from '../helpers/app';
import { projectBody, projectsApp, type People } from '../helpers/projects';
import { candidatePayload, talentIds } from '../helpers/talent';

let t: TestApp;
let p: People;

const candidate = entity('candidate');
const project = entity('project');

/** Made in this order; listed alphabetically as ALPHABETICAL. */
const NAMES = ['Zoe', 'Émilie', 'emma', 'Łukasz', 'lukas', 'Ömer', 'oscar', 'Ñúñez', 'Nina', 'Ezra'];
const ALPHABETICAL = ['Émilie', 'emma', 'Ezra', 'lukas', 'Łukasz', 'Nina', 'Ñúñez', 'Ömer', 'oscar', 'Zoe'];
const MARK = 'Fsortq';

const candidateIds: string[] = [];
const projectIds: string[] = [];

beforeAll(async () => {
  ({ t, p } = await projectsApp());
  const ids = await talentIds(t.knex);
  for (const firstName of NAMES) {
    const made = await p.as('general').post('/candidates', candidatePayload(ids, { firstName, lastName: MARK }));
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    candidateIds.push(made.body.id);
  }
  for (const name of NAMES) {
    const made = await p
      .as('companyAdmin')
      .post('/projects/create', await projectBody(t.knex, { title: `${name} ${MARK}` }));
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    projectIds.push(made.body.data.id);
  }
});
afterAll(() => t?.knex.destroy());

const titles = (names: string[]) => names.map((n) => `${n} ${MARK}`);

describe('Names with accents sort among the plain ones', () => {
  it("the console's talent list by first name, both ways", async () => {
    for (const dir of ['ASC', 'DESC'] as const) {
      const query = listQuery({ sort: ['firstName', dir], range: [0, 19], filter: { id: candidateIds } });
      const res = await p.as('general').get(`/${candidate.resource}?${query}`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const expected = dir === 'ASC' ? ALPHABETICAL : [...ALPHABETICAL].reverse();
      expect(res.body.map((c: { firstName: string }) => c.firstName)).toEqual(expected);
    }
  });

  it("the console's project list by title", async () => {
    const query = listQuery({ sort: ['title', 'ASC'], range: [0, 19], filter: { id: projectIds } });
    const res = await p.as('general').get(`/${project.resource}?${query}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.map((r: { title: string }) => r.title)).toEqual(titles(ALPHABETICAL));
  });

  it("the portal's project list by title, both ways", async () => {
    for (const dir of ['asc', 'desc'] as const) {
      const res = await p
        .as('companyAdmin')
        .get(`/projects/list?view=all&q=${MARK}&sortBy=title&sortDir=${dir}&page=1&perPage=20`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const expected = titles(dir === 'asc' ? ALPHABETICAL : [...ALPHABETICAL].reverse());
      expect(res.body.data.map((r: { title: string }) => r.title)).toEqual(expected);
    }
  });
});
