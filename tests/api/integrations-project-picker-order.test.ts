/**
 * The integrations page's project picker (GET integrations/jobs/:id, the company's projects beside the ATS's
 * jobs) lists the projects in alphabetical order, case and accents aside, as every list does
 * (backend/db/textOrder.ts): it ordered by the title's bytes, so 'emma' and 'Émilie' came after 'Zoe'.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../helpers/app';
import { atsStandIns } from '../helpers/ats/vendors';
import { people, type People } from '../helpers/ats/world';
import { runJobs } from '../helpers/jobs';
import { projectBody } from '../helpers/projects';

let t: TestApp;
let p: People;
let integrationId: number;

const MARK = 'Pickq';
const NAMES = ['Zoe', 'Émilie', 'emma', 'Łukasz', 'lukas', 'Ömer', 'oscar'];
const ALPHABETICAL = ['Émilie', 'emma', 'lukas', 'Łukasz', 'Ömer', 'oscar', 'Zoe'];

beforeAll(async () => {
  t = await testApp();
  const [ws] = await atsStandIns(t.config, ['workable'], { maxRetryWaitMs: 2000, retries: 1 });
  p = await people(t);
  const added = await p.admin.post('/integrations/add', { kind: 'workable', subdomain: 'acme', apiKey: ws.token });
  expect(added.status, JSON.stringify(added.body)).toBe(201);
  integrationId = added.body.id;
  await runJobs(t);
  for (const name of NAMES) {
    const made = await p.admin.post('/projects/create', await projectBody(t.knex, { title: `${name} ${MARK}` }));
    expect(made.status, JSON.stringify(made.body)).toBe(201);
  }
});
afterAll(async () => {
  await t?.knex.destroy();
});

describe("The integrations page's project picker", () => {
  it('lists the projects alphabetically, accented titles among the plain ones', async () => {
    const res = await p.admin.get(`/integrations/jobs/${integrationId}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const titles = (res.body.projects as { projectTitle: string }[])
      .map((r) => r.projectTitle)
      .filter((title) => title.endsWith(` ${MARK}`));
    expect(titles).toEqual(ALPHABETICAL.map((n) => `${n} ${MARK}`));
  });
});
