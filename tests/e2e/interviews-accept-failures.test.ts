/**
 * Accepting an interview request that fails for a reason other than the time keeps the request on the page, on a
 * laptop and on a phone: the role stays, and the page says in its own words what happened and what the candidate can
 * do. A request withdrawn, expired or closed (the project paused) meanwhile offers no button any more; a network
 * failure keeps Accept and "Try again", which then accepts; a refused field shows at the field.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { t } from '../../i18n';
import { PROJECT_STATUS, STAGES } from '../../schema/rules/pipeline';
import { startE2E, type E2E } from '../helpers/e2e';
import { apiToken } from '../helpers/apiToken';
import { activeCandidates, makeProject, requestEmail, type TestProject } from '../helpers/interviews';
import { interviewRequested } from '../helpers/interviewsE2E';

let e2e: E2E;
let ownerToken: string;
let pool: number[];

const VIEWPORTS = [
  { name: 'laptop', width: 1440, height: 900 },
  { name: 'phone', width: 390, height: 844 },
];
const ACCEPT = 'Accept the interview';
const APPROVE_CALL = '**/projects/interview-request/check-and-approve';

beforeAll(async () => {
  e2e = await startE2E();
  ownerToken = await apiToken(e2e, 'owner@acme.example.com');
  pool = await activeCandidates(e2e.db.knex, 10, { skip: 470 });
});

/** `project`'s candidates are each sent an interview request; answers each one's accept link (path and query). */
async function acceptLinks(project: TestProject, candidates: number[]): Promise<string[]> {
  await interviewRequested(e2e, ownerToken, project, candidates);
  const paths: string[] = [];
  for (const c of candidates) {
    const email = (await e2e.db.knex('candidates').where('id', c).first('email')).email as string;
    const link = new URL((await requestEmail(e2e.db.knex, email)).approveUrl);
    paths.push(`${link.pathname}${link.search}`);
  }
  return paths;
}

/** The answer page of `path`, read and showing the request. */
async function opened(viewport: { width: number; height: number }, path: string): Promise<Page> {
  const page = await e2e.newPage({ width: viewport.width, height: viewport.height });
  await page.goto(`${e2e.baseUrl}${path}`);
  await page.locator('[data-testid="interview-request"][data-state="details"]').waitFor();
  return page;
}

/** Presses Accept and waits for the failure said in place; answers it. */
async function acceptFails(page: Page, reason: string) {
  await page.getByRole('button', { name: ACCEPT }).click();
  const failure = page.locator(`[data-testid="accept-failure"][data-reason="${reason}"]`);
  await failure.waitFor();
  return failure;
}

/** The request is still on the page: its state, its role, and nothing wider than the screen. */
async function stillThere(page: Page, role: string, width: number) {
  await expect(page.getByTestId('interview-request').getAttribute('data-state')).resolves.toBe('details');
  await expect(page.getByTestId('request-role').innerText()).resolves.toBe(role);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

const buttons = async (page: Page) => ({
  accept: await page.getByRole('button', { name: ACCEPT }).count(),
  decline: await page.getByRole('button', { name: t('portal.interviews.answer.reject') }).count(),
});

describe.each(VIEWPORTS.map((v, i) => ({ ...v, i })))('Accepting fails, on a $name', (viewport) => {
  const role = `Failure Engineer ${viewport.name}`;
  let project: TestProject;
  let links: string[];
  let candidates: number[];

  beforeAll(async () => {
    project = await makeProject(e2e.db.knex, { title: role, advocateEmail: 'advocate@example.com' });
    candidates = pool.slice(viewport.i * 5, viewport.i * 5 + 4);
    links = await acceptLinks(project, candidates);
  });

  it('a request withdrawn meanwhile says the company withdrew it, in place, and offers nothing more', async () => {
    const page = await opened(viewport, links[0]);
    await e2e.db
      .knex('project_candidates')
      .where({ project_id: project.id, candidate_id: candidates[0] })
      .update({ stage: STAGES.rejected });
    const failure = await acceptFails(page, 'withdrawn');
    await expect(failure.innerText()).resolves.toContain('This request was withdrawn by the company');
    await expect(failure.innerText()).resolves.toContain('Nothing more is needed from you');
    await stillThere(page, role, viewport.width);
    await expect(buttons(page)).resolves.toEqual({ accept: 0, decline: 0 });
    await page.close();
  });

  it('a request expired meanwhile says so in place, and that a new one can be sent', async () => {
    const page = await opened(viewport, links[1]);
    await e2e.db
      .knex('interview_requests')
      .where({ project_id: project.id, candidate_id: candidates[1] })
      .update({ expires_at: new Date(0) });
    const failure = await acceptFails(page, 'expired');
    await expect(failure.innerText()).resolves.toContain(t('portal.interviews.answer.acceptFailed.expired.text'));
    await stillThere(page, role, viewport.width);
    await expect(buttons(page)).resolves.toEqual({ accept: 0, decline: 0 });
    await page.close();
  });

  it('a role paused meanwhile says it is no longer open, in place', async () => {
    const paused = await makeProject(e2e.db.knex, { title: `${role} (paused)` });
    const [link] = await acceptLinks(paused, [pool[viewport.i * 5 + 4]]);
    const page = await opened(viewport, link);
    await e2e.db.knex('projects').where('id', paused.id).update({ status: PROJECT_STATUS.paused });
    const failure = await acceptFails(page, 'closed');
    await expect(failure.innerText()).resolves.toContain('This role is no longer open');
    await stillThere(page, `${role} (paused)`, viewport.width);
    await expect(buttons(page)).resolves.toEqual({ accept: 0, decline: 0 });
    await page.close();
  });

  it('a network failure keeps the request and Accept; trying again accepts', async () => {
    const page = await opened(viewport, links[2]);
    let cut = 0;
    await page.route(APPROVE_CALL, (route) => {
      if (cut > 0 || !/"approve"/.test(route.request().postData() ?? '')) return route.fallback();
      cut += 1;
      return route.abort('internetdisconnected');
    });
    const failure = await acceptFails(page, 'network');
    expect(cut).toBe(1);
    await expect(failure.innerText()).resolves.toContain('Check your connection and try again');
    await stillThere(page, role, viewport.width);
    await expect(buttons(page)).resolves.toEqual({ accept: 1, decline: 1 });
    await failure.getByRole('button', { name: t('portal.interviews.answer.retry') }).click();
    await page.locator('[data-testid="interview-request"][data-state="approved"]').waitFor();
    await page.getByText(t('portal.interviews.answer.approvedTitle')).waitFor();
    await page.close();
  });

  it('a field refused (422) shows at the field, and a 404 says the link is not valid, both in place', async () => {
    const page = await opened(viewport, links[3]);
    const answers = [
      {
        status: 422,
        body: { error: { code: 'errors.validation', message: 'x', fields: { slot: 'slot.errors.invalid' } } },
      },
      { status: 404, body: { error: { code: 'project.interview.errors.invalidToken', message: 'x' } } },
    ];
    await page.route(APPROVE_CALL, (route) => {
      const next = answers.shift();
      if (!next) return route.fallback();
      return route.fulfill({ status: next.status, contentType: 'application/json', body: JSON.stringify(next.body) });
    });
    await page.getByRole('button', { name: ACCEPT }).click();
    await page.getByTestId('slot-error').getByText(t('slot.errors.invalid')).waitFor();
    await expect(page.getByTestId('accept-failure').count()).resolves.toBe(0);
    await stillThere(page, role, viewport.width);

    const failure = await acceptFails(page, 'invalid');
    await expect(failure.innerText()).resolves.toContain(t('portal.interviews.answer.acceptFailed.invalid.text'));
    await stillThere(page, role, viewport.width);
    await page.close();
  });
});
