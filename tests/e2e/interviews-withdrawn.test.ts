/**
 * Interview requests after things moved on, in a real browser: an expired request gives the card's menu its
 * "Request interview" back; a request withdrawn by rejecting the candidate tells the candidate so; the answer page
 * names the project's own times as the company's local time and leaves out past ones; the admins' list empties its
 * search box when the filters are cleared, and leaving the box then applies nothing.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { t } from '../../i18n';
import { STAGES } from '../../schema/rules/pipeline';
import { startE2E, type E2E } from '../helpers/e2e';
import { apiToken } from '../helpers/apiToken';
import { activeCandidates, addToProject, makeProject, requestEmail, type TestProject } from '../helpers/interviews';
import { runJobs } from '../helpers/jobs';

let e2e: E2E;
let ownerToken: string;
let candidates: number[];
const year = new Date().getUTCFullYear() + 1;

const asOwner = (path: string, body: unknown) =>
  fetch(`${e2e.baseUrl}/api/v1${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${ownerToken}` },
    body: JSON.stringify(body),
  });

/** A shortlisted, revealed candidate is sent an interview request; answers the answer link's path. */
async function requested(project: TestProject, candidate: number): Promise<string> {
  await addToProject(e2e.db.knex, project, [candidate], STAGES.shortlist);
  await e2e.db.knex('project_candidates').where({ project_id: project.id }).update({ revealed_at: new Date() });
  const res = await asOwner('/projects/candidate/interview/request', {
    projectId: `Project:${project.id}`,
    candidateId: [`Candidate:${candidate}`],
    requestAction: 'request_interview',
  });
  expect(res.status).toBe(201);
  await runJobs({ url: e2e.db.url, config: e2e.config });
  const email = (await e2e.db.knex('candidates').where('id', candidate).first('email')).email as string;
  const url = new URL((await requestEmail(e2e.db.knex, email)).approveUrl);
  return `${url.pathname}${url.search}`;
}

beforeAll(async () => {
  e2e = await startE2E();
  candidates = await activeCandidates(e2e.db.knex, 3, { skip: 260 });
  ownerToken = await apiToken(e2e, 'owner@acme.example.com');
});

describe('Interview requests that moved on', () => {
  it("an expired request leaves the card's menu offering Request interview again", async () => {
    const project = await makeProject(e2e.db.knex, { title: 'Expired Request Role' });
    const candidate = candidates[0];
    const link = await requested(project, candidate);
    // Three days pass; the candidate's late visit finds it expired.
    await e2e.db
      .knex('interview_requests')
      .where({ project_id: project.id })
      .update({ expires_at: new Date(0) });
    const late = await e2e.newPage();
    await late.goto(`${e2e.baseUrl}${link}`);
    await late.getByText(t('portal.interviews.answer.expiredTitle')).waitFor();
    await late.close();

    const owner = await e2e.signIn('owner@acme.example.com', undefined, `/project/Project:${project.id}?tab=2`);
    const row = owner.locator(`[data-testid="pipeline-row"][data-id="Candidate:${candidate}"]`);
    await row.first().waitFor();
    await row
      .first()
      .getByRole('button', { name: /^Actions for/ })
      .click();
    await owner.getByRole('menuitem', { name: t('portal.interviews.actions.requestInterview') }).waitFor();
  });

  it('a request withdrawn by rejecting the candidate tells the candidate so, and cannot be accepted', async () => {
    const project = await makeProject(e2e.db.knex, { title: 'Withdrawn Request Role' });
    const candidate = candidates[1];
    const link = await requested(project, candidate);
    const move = await asOwner('/projects/recruitment', {
      projectId: `Project:${project.id}`,
      candidateId: `Candidate:${candidate}`,
      recruitmentStatus: STAGES.rejected,
      rejectFormData: { reason: 'Not a fit' },
    });
    expect(move.status).toBe(200);
    const page = await e2e.newPage();
    await page.goto(`${e2e.baseUrl}${link}`);
    await page.locator('[data-testid="interview-request"][data-state="withdrawn"]').waitFor();
    await page.getByText(t('portal.interviews.answer.withdrawnTitle')).waitFor();
    await page.close();
  });

  it("the answer page shows the project's times still ahead, as the company's local time", async () => {
    const project = await makeProject(e2e.db.knex, {
      title: 'Local Times Role',
      dateTimeSlots: [
        { date: `${year - 2}-05-04`, startTime: '09:00', endTime: '10:00' },
        { date: `${year}-05-04`, startTime: '14:00', endTime: '15:00' },
      ],
    });
    const link = await requested(project, candidates[2]);
    const page = await e2e.newPage();
    await page.goto(`${e2e.baseUrl}${link}`);
    const slots = page.getByTestId('request-slots');
    await slots.waitFor();
    const text = await slots.innerText();
    expect(text).toContain(`4 May ${year}, 2:00 pm–3:00 pm`);
    expect(text).not.toContain(`${year - 2}`);
    expect(text).toContain(t('portal.interviews.answer.companyLocalTimes'));
    await page.close();
  });

  it("the admins' list empties its search box when the filters are cleared, and leaving it applies nothing", async () => {
    const admin = await e2e.signIn('admin@example.com', undefined, '/dashboard/interview-request');
    const box = admin.getByLabel(t('portal.interviews.list.search'));
    await box.fill('Withdrawn Request Role');
    await box.press('Enter');
    await admin.waitForURL((url) => url.searchParams.get('q') === 'Withdrawn Request Role');
    await admin.getByRole('button', { name: t('portal.interviews.list.clear') }).click();
    await admin.waitForURL((url) => !url.searchParams.has('q'));
    await expect.poll(() => box.inputValue()).toBe('');
    await box.focus();
    await box.blur();
    await admin.getByTestId('interview-request-list').waitFor();
    expect(new URL(admin.url()).searchParams.has('q')).toBe(false);
    await expect(box.inputValue()).resolves.toBe('');
  });
});
