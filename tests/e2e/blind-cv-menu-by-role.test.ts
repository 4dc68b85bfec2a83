/**
 * A project board's candidate menu and the profile panel opened from it offer exactly the downloads the server answers
 * 200 for, for every role that has a board (a company's Admin and Member, a RaaS company, a General and an Advocate
 * admin) and candidates of every kind: public with a CV, anonymous with a CV, without a CV uploaded (the CV and the blind
 * CV are 404) and without a first name (a RaaS company is refused the blind CV, 403). Each item is checked against the
 * route's own answer to the same browser session, so an item offered that would end in an error message fails.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { storageFor } from '../../backend/adapters/storage/select';
import { pdfOf } from '../helpers/cvs';
import { startE2E, type E2E } from '../helpers/e2e';
import { boardProject } from '../helpers/projectsE2E';

let e2e: E2E;

type Kind = 'pdf' | 'cv' | 'blindCv';
const KINDS: Kind[] = ['pdf', 'cv', 'blindCv'];
const MENU: Record<Kind, string> = { pdf: 'Download profile', cv: 'Download CV', blindCv: 'Download blind CV' };
const PANEL: Record<Kind, string> = { pdf: 'Profile PDF', cv: 'CV', blindCv: 'Blind CV' };
const ROUTE: Record<Kind, (id: number) => string> = {
  pdf: (id) => `/api/v1/candidates/get-pdf?id=${id}`,
  cv: (id) => `/api/v1/candidates/${id}/cv`,
  blindCv: (id) => `/api/v1/candidates/resume/${id}`,
};

interface Person {
  label: string;
  id: number;
  guid: string;
}
let people: Person[] = [];

beforeAll(async () => {
  e2e = await startE2E();
  const knex = e2e.db.knex;
  const rows: { id: number; guid: string }[] = await knex('candidates')
    .where({ status: 1, visibility: true })
    .whereNot('anonymous', true)
    .whereNot('first_name', '')
    .orderBy('id')
    .offset(5)
    .limit(4)
    .select('id', 'guid');
  const key = await storageFor(e2e.config).put(
    await pdfOf(['Data Engineer', 'Summary', 'Pipelines for a marketplace.', 'Skills', 'Python, SQL']),
    { folder: 'cvs', ext: 'pdf' },
  );
  const kinds: [string, Record<string, unknown>][] = [
    ['public, with a CV', { resume_path: key }],
    ['anonymous, with a CV', { resume_path: key, anonymous: true }],
    ['without a CV', { resume_path: null }],
    ['without a first name, with a CV', { resume_path: key, first_name: '' }],
  ];
  people = await Promise.all(
    kinds.map(async ([label, fields], i) => {
      await knex('candidates')
        .where('id', rows[i].id)
        .update({ blind_resume_path: null, ...fields });
      return { label, ...rows[i] };
    }),
  );
}, 120_000);

/** What the card's menu and the profile panel offer of each person, and what each route answers the same session. */
async function offersOn(page: Page) {
  const seen: string[] = [];
  for (const person of people) {
    const row = page.locator(`[data-testid="pipeline-row"][data-guid="${person.guid}"]`);
    await row.getByTestId('candidate-menu').click();
    const menu = page.getByRole('menu');
    await menu.getByRole('menuitem', { name: 'View profile' }).waitFor();
    const inMenu = await Promise.all(
      KINDS.map(async (k) => (await menu.getByRole('menuitem', { name: MENU[k], exact: true }).count()) > 0),
    );
    await menu.getByRole('menuitem', { name: 'View profile' }).click();
    const panel = page.getByTestId('profile-panel');
    await panel.getByRole('heading', { level: 2 }).waitFor();
    const inPanel = await Promise.all(
      KINDS.map(async (k) => (await panel.getByRole('button', { name: PANEL[k], exact: true }).count()) > 0),
    );
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'hidden' });
    for (const [i, kind] of KINDS.entries()) {
      // A document is rendered (the blind CV may read the CV first): on a busy machine that takes a while.
      const status = (await page.request.get(`${e2e.baseUrl}${ROUTE[kind](person.id)}`, { timeout: 60_000 })).status();
      seen.push(
        `${person.label}: ${kind} ${status === 200 ? 'allowed' : 'refused'}, menu ${inMenu[i]}, panel ${inPanel[i]}`,
      );
    }
  }
  return seen;
}

/** What agreement reads as: each download offered by the menu and the panel exactly when the route allows it. */
const agreeing = (seen: string[]) =>
  seen.map((line) =>
    line.replace(/(allowed|refused), menu \w+, panel \w+$/, (_, answer: string) => {
      const offered = answer === 'allowed';
      return `${answer}, menu ${offered}, panel ${offered}`;
    }),
  );

describe('Blind CV and other downloads offered by role and candidate', () => {
  const companyCases = [
    ['A company Admin', 'owner@acme.example.com'],
    ['A company Member', 'member@acme.example.com'],
  ] as const;
  for (const [label, email] of companyCases)
    it(`${label} is offered none, as the server refuses them all`, async () => {
      const project = await boardProject(e2e, email, { title: `Downloads ${label}` }, people, 1);
      const page = await e2e.signIn(email, undefined, `/project/${project.guid}?tab=1`);
      const seen = await offersOn(page);
      expect(seen).toEqual(agreeing(seen));
      expect(seen.filter((line) => line.includes('allowed'))).toEqual([]);
    }, 120_000);

  it('A RaaS company is offered the blind CV of those with a first name and a CV, as the server answers', async () => {
    const project = await boardProject(
      e2e,
      'owner@raas.example.com',
      { title: 'Downloads RaaS', project_type: 2, plan: 2 },
      people,
      2,
    );
    const page = await e2e.signIn('owner@raas.example.com', undefined, `/project/${project.guid}?tab=2`);
    const seen = await offersOn(page);
    expect(seen).toEqual(agreeing(seen));
    expect(seen.filter((line) => line.includes('allowed'))).toEqual([
      'public, with a CV: blindCv allowed, menu true, panel true',
      'anonymous, with a CV: blindCv allowed, menu true, panel true',
    ]);
  }, 120_000);

  for (const email of ['admin@example.com', 'advocate@example.com'])
    it(`An admin (${email}) is offered every download there is a file for, as the server answers`, async () => {
      const project = await boardProject(e2e, 'owner@acme.example.com', { title: `Downloads ${email}` }, people, 1);
      const advocate = await e2e.db.knex('admins').where('email', 'advocate@example.com').first('id');
      await e2e.db.knex('projects').where('id', project.id).update({ advocate_id: advocate.id });
      const page = await e2e.signIn(email, undefined, `/project/${project.guid}?tab=1`);
      const seen = await offersOn(page);
      expect(seen).toEqual(agreeing(seen));
      expect(seen.filter((line) => line.includes('refused'))).toEqual([
        'without a CV: cv refused, menu false, panel false',
        'without a CV: blindCv refused, menu false, panel false',
      ]);
    }, 120_000);
});
