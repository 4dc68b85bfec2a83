/**
 * Interview requests in a real browser: a company requests an interview (through the API), the
 * candidate opens the link from the development mailbox on a phone-sized screen and accepts, the
 * company sees the answer and the admins' list shows it; a decline with reasons, an expired JD link
 * (also when followed from a valid one, the page staying mounted);
 * the request dialog of the project page asking for a job description first, and previewing the
 * message so that nothing goes out before Send.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { loadConfig } from '../../backend/config';
import { t } from '../../i18n';
import { signBody, whatsappFor } from '../../backend/adapters/whatsapp';
import { TEST_SECRET } from '../helpers/app';
import { followInApp, startE2E, type E2E } from '../helpers/e2e';
import { apiToken } from '../helpers/apiToken';
import { activeCandidates, addToProject, makeProject, type TestProject } from '../helpers/interviews';
import { interviewRequested } from '../helpers/interviewsE2E';
import { runJobs } from '../helpers/jobs';
import { PROJECT_STATUS } from '../../schema/rules/pipeline';

let e2e: E2E;
let project: TestProject;
let candidates: number[];
let ownerToken: string;

/** A page in the file's one signed-in context for that person (these screens keep nothing in the browser's storage). */
const signedInPage = (...[email, viewport, at]: Parameters<E2E['signIn']>) =>
  e2e.signIn(email, viewport, at, { shared: true });

let phoneContext: Promise<BrowserContext> | undefined;

/** A page on a phone, in the file's one phone context (the candidates' links need no sign-in); it closes with its test. */
async function phonePage(): Promise<Page> {
  phoneContext ??= e2e.browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    deviceScaleFactor: 2,
  });
  const page = await (await phoneContext).newPage();
  onTestFinished(() => page.close());
  return page;
}

const requestInterview = (candidate: number) => interviewRequested(e2e, ownerToken, project, [candidate]);

/** The candidate reads their email in the development mailbox and follows the link (on this server). */
async function openFromMailbox(page: Page, email: string, av: 'approve' | 'reject') {
  await page.goto(`${e2e.baseUrl}/dev/mailbox`);
  const article = page
    .locator('article')
    .filter({ hasText: `to ${email}` })
    .filter({ hasText: 'Interview request' })
    .first();
  const text = await article.innerText();
  const link = new RegExp(`https?://\\S+(/interview-request\\?irt=[\\w-]+&av=${av}&m=email)`).exec(text);
  expect(link, text).toBeTruthy();
  await page.goto(`${e2e.baseUrl}${(link as RegExpExecArray)[1]}`);
}

beforeAll(async () => {
  e2e = await startE2E();
  project = await makeProject(e2e.db.knex, { title: 'Mobile Engineer', advocateEmail: 'advocate@example.com' });
  candidates = await activeCandidates(e2e.db.knex, 2, { skip: 90 });
  ownerToken = await apiToken(e2e, 'owner@acme.example.com');
});

describe('Interview requests', () => {
  it('the candidate opens the emailed link on a phone and accepts; the company and the admins see the answer', async () => {
    await requestInterview(candidates[0]);
    const email = (await e2e.db.knex('candidates').where('id', candidates[0]).first('email')).email as string;
    const phone = await phonePage();
    await openFromMailbox(phone, email, 'approve');
    const page = phone.getByTestId('interview-request');
    await phone.locator('[data-state="details"]').waitFor();
    await expect(phone.getByTestId('request-role').innerText()).resolves.toBe('Mobile Engineer');
    await expect(phone.getByTestId('request-company').innerText()).resolves.toContain('Acme');
    await phone.getByText('Build and run the services').waitFor();
    // Nothing is wider than the phone.
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await phone.getByRole('button', { name: 'Accept the interview' }).click();
    await phone.getByText('Thank you, your answer is sent').waitFor();
    await expect(page.getAttribute('data-state')).resolves.toBe('approved');

    // The same link again: already answered, nothing changes.
    await openFromMailbox(phone, email, 'approve');
    await phone.getByText('You have already answered').waitFor();

    // The company: its owner is told, and the project's requests show the answer.
    await runJobs({ url: e2e.db.url, config: e2e.config });
    const owner = await signedInPage('owner@acme.example.com', undefined, null);
    await owner.goto(`${e2e.baseUrl}/dev/mailbox`);
    const answer = await owner.evaluate(async (id) => {
      const res = await fetch(`/api/v1/projects/interview-request/by-project?project_id=Project:${id}`, {
        credentials: 'include',
      });
      return (await res.json()) as { data: { interview: { state: string } | null }[] };
    }, project.id);
    expect(answer.data.map((d) => d.interview?.state)).toEqual(['approved']);
    await owner
      .locator('article')
      .filter({ hasText: 'to owner@acme.example.com' })
      .filter({ hasText: 'accepted your interview request' })
      .first()
      .waitFor();

    const admin = await signedInPage('admin@example.com', undefined, `/dashboard/interview-request`);
    const row = admin.getByTestId('interview-request-list').getByRole('row').filter({ hasText: 'Mobile Engineer' });
    await row.first().waitFor();
    // The candidate pressed "Accept": the list names the answer the same way, never "Approved".
    const shown = await row.first().innerText();
    expect(shown).toContain('Accepted');
    expect(shown).not.toContain('Approved');
  });

  it('the candidate declines with reasons from the list; the admins see the reasons', async () => {
    await requestInterview(candidates[1]);
    const email = (await e2e.db.knex('candidates').where('id', candidates[1]).first('email')).email as string;
    const phone = await phonePage();
    await openFromMailbox(phone, email, 'reject');
    await phone.getByTestId('reject-form').waitFor();
    await phone.getByLabel('The salary does not match my expectations').check();
    await phone.getByLabel('Anything else you would like to say (optional)').fill('Happy to talk next year.');
    await phone.getByRole('button', { name: 'Send my answer' }).click();
    await phone.getByText('Thank you for letting us know').waitFor();

    // The state is chosen in the list's filters, as an admin would; it lands in the address.
    const admin = await signedInPage('admin@example.com', undefined, '/dashboard/interview-request');
    await admin.getByRole('combobox', { name: t('portal.interviews.list.state'), exact: true }).click();
    await admin.getByRole('option', { name: t('entities.interviewRequest.enums.state.rejected'), exact: true }).click();
    await admin.waitForURL((url) => url.searchParams.get('state') === 'rejected');
    const row = admin.getByTestId('interview-request-list').getByRole('row').filter({ hasText: 'Mobile Engineer' });
    await row.first().waitFor();
    const text = await row.first().innerText();
    expect(text).toContain('The salary does not match my expectations');
    expect(text).toContain('Happy to talk next year.');
  });

  it('from the project page: a project without a job description asks for one first, then the request goes out', async () => {
    const bare = await makeProject(e2e.db.knex, { title: 'Platform Engineer', jobDescription: null });
    const [candidate] = await activeCandidates(e2e.db.knex, 1, { skip: 95 });
    await addToProject(e2e.db.knex, bare, [candidate], 1);
    const owner = await signedInPage('owner@acme.example.com', undefined, `/project/Project:${bare.id}?tab=1`);
    const row = owner.locator(`[data-testid="pipeline-row"][data-id="Candidate:${candidate}"]`);
    await row.first().waitFor();
    await row
      .first()
      .getByRole('button', { name: /^Actions for/ })
      .click();
    await owner.getByRole('menuitem', { name: 'Request interview' }).click();
    const dialog = owner.getByRole('dialog', { name: 'Request an interview' });
    await dialog.getByText('This project has no job description yet').waitFor();
    await dialog.getByRole('button', { name: 'Send' }).click();
    await dialog.getByText('Add a job description first').waitFor();
    await dialog.getByTestId('jd-jdHeader').fill('h'.repeat(61));
    await dialog.getByTestId('jd-jdText').fill('Own the platform our product teams build on.');
    await dialog.getByRole('button', { name: 'Send' }).click();
    await dialog.getByText('At most 60 characters').waitFor();
    await dialog.getByTestId('jd-jdHeader').fill('Platform Engineer, Singapore');
    await dialog.getByRole('button', { name: 'Send' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const sent = await e2e.db
      .knex('interview_requests')
      .where({ project_id: bare.id, candidate_id: candidate })
      .first('jd_header', 'state');
    expect(sent).toMatchObject({ jd_header: 'Platform Engineer, Singapore', state: 0 });
    expect((await e2e.db.knex('projects').where('id', bare.id).first('job_description')).job_description).toBe(
      'Own the platform our product teams build on.',
    );
  });

  it.each([
    { width: 1440, height: 900, skip: 96 },
    { width: 390, height: 844, skip: 98 },
  ])(
    'from the project page at $width px: the message is previewed and goes out only once Send is pressed',
    async ({ width, height, skip }) => {
      const title = `Site Reliability Engineer ${width}`;
      const ready = await makeProject(e2e.db.knex, { title });
      const [candidate] = await activeCandidates(e2e.db.knex, 1, { skip });
      await addToProject(e2e.db.knex, ready, [candidate], 1);
      const owner = await signedInPage(
        'owner@acme.example.com',
        { width, height },
        `/project/Project:${ready.id}?tab=1`,
      );
      const row = owner.locator(`[data-testid="pipeline-row"][data-id="Candidate:${candidate}"]`);
      await row.first().waitFor();
      await row
        .first()
        .getByRole('button', { name: /^Actions for/ })
        .click();
      await owner.getByRole('menuitem', { name: 'Send job description' }).click();
      const dialog = owner.getByRole('dialog', { name: 'Send the job description' });
      const email = dialog.getByTestId('request-preview-email');
      await email.getByText(`Subject: A role for you: ${title}`).waitFor();
      const text = await email.innerText();
      expect(text).toContain(`is hiring for the role of ${title}`);
      expect(text).toContain('Hi [first name],');
      // Nothing went out on opening the dialog.
      const sentRows = () =>
        e2e.db.knex('interview_requests').where({ project_id: ready.id, candidate_id: candidate }).select('kind');
      await expect(sentRows()).resolves.toEqual([]);

      await dialog.getByRole('combobox', { name: 'Send by' }).click();
      await owner.getByRole('option', { name: 'Email and WhatsApp' }).click();
      await expect(dialog.getByTestId('request-preview-whatsapp').innerText()).resolves.toContain(
        `is hiring for the role of ${title}`,
      );
      await expect(sentRows()).resolves.toEqual([]);
      await dialog.getByRole('button', { name: 'Send email and WhatsApp to 1 candidate' }).click();
      await expect(owner.getByTestId('snackbar').innerText()).resolves.toMatch(
        /Job description sent to 1 candidate(?![s(])/,
      );
      await expect(sentRows()).resolves.toEqual([{ kind: 2 }]);
    },
  );

  it('when the server fails, the candidate sees the error state and can try again', async () => {
    const phone = await phonePage();
    await phone.route('**/api/v1/projects/interview-request/check-and-approve', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: '{"error":{"code":"errors.internalServerError","message":"x"}}',
      }),
    );
    await phone.goto(`${e2e.baseUrl}/interview-request?irt=${'a'.repeat(43)}&av=approve&m=email`);
    await phone.getByText('We could not open this request').waitFor();
    await phone.unroute('**/api/v1/projects/interview-request/check-and-approve');
    await phone.getByRole('button', { name: 'Try again' }).click();
    await phone.getByText('This link is not valid').waitFor();
  });

  it('an admin sends a WhatsApp qualify request from the candidate menu and sees the reply the webhook recorded', async () => {
    const qualifyProject = await makeProject(e2e.db.knex, { title: 'QA Lead' });
    const [candidate] = await activeCandidates(e2e.db.knex, 1, { withPhone: true, skip: 97 });
    await addToProject(e2e.db.knex, qualifyProject, [candidate], 1);
    const admin = await signedInPage('admin@example.com', undefined, `/project/Project:${qualifyProject.id}?tab=1`);
    const row = admin.locator(`[data-testid="pipeline-row"][data-id="Candidate:${candidate}"]`);
    const openDialog = async () => {
      await row
        .first()
        .getByRole('button', { name: /^Actions for/ })
        .click();
      await admin.getByRole('menuitem', { name: 'Send WhatsApp qualify request' }).click();
      return admin.getByRole('dialog', { name: 'WhatsApp qualify request' });
    };
    await row.first().waitFor();
    let dialog = await openDialog();
    await dialog.getByText('No qualify request sent yet.').waitFor();
    await expect(dialog.getByLabel('Header').inputValue()).resolves.toBe('A new opportunity for you');
    await dialog.getByLabel('Header').fill('QA Lead in Singapore');
    // Escape asks before throwing away the header typed over the template.
    await admin.keyboard.press('Escape');
    await admin
      .getByRole('dialog', { name: 'Discard what you entered?' })
      .getByRole('button', { name: 'Keep editing' })
      .click();
    await expect(dialog.getByLabel('Header').inputValue()).resolves.toBe('QA Lead in Singapore');
    await dialog.getByRole('button', { name: 'Send' }).click();
    await expect(admin.getByTestId('snackbar').innerText()).resolves.toMatch(
      /Qualify request sent to 1 candidate(?![s(])/,
    );
    await runJobs({ url: e2e.db.url, config: e2e.config });

    // The candidate answers on WhatsApp: the provider's signed webhook reaches the product.
    const phone = (await e2e.db.knex('candidates').where('id', candidate).first('phone')).phone as string;
    const payload = JSON.stringify({
      entry: [
        {
          changes: [{ value: { messages: [{ from: phone.replace(/\D/g, ''), type: 'text', text: { body: 'Yes' } }] } }],
        },
      ],
    });
    const secret = whatsappFor(loadConfig({ secret: TEST_SECRET, env: 'test' })).appSecret;
    const hook = await fetch(`${e2e.baseUrl}/api/v1/whatsapp/webhook`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Hub-Signature-256': signBody(secret, payload) },
      body: payload,
    });
    expect(hook.status).toBe(200);

    await dialog.waitFor({ state: 'hidden' });
    dialog = await openDialog();
    const earlier = dialog.getByTestId('qualify-request').filter({ hasText: 'QA Lead in Singapore' });
    await earlier.getByText('Replied yes').waitFor();
  });

  it('a broken link shows that it is not valid, and an old job description link says it expired', async () => {
    const phone = await phonePage();
    await phone.goto(`${e2e.baseUrl}/interview-request?irt=broken&av=approve&m=email`);
    await phone.getByText('This link is not valid').waitFor();
    const request = await e2e.db.knex('interview_requests').where('project_id', project.id).first('guid');
    // The job description links open from the page already loaded, the old one first.
    await followInApp(phone, `/jd/${request.guid}/${Math.floor(Date.now() / 1000) - 4 * 24 * 3600}`);
    await phone.getByText('This link has expired').waitFor();
    expect(await phone.getByRole('link', { name: 'Download' }).count()).toBe(0);
    await followInApp(phone, `/jd/${request.guid}/${Math.floor(Date.now() / 1000)}`);
    await phone.getByRole('link', { name: 'Download' }).waitFor();
    await phone.getByText('Mobile Engineer').first().waitFor();
  });

  it('a job description link followed from another one shows its own state, not the first one shown', async () => {
    const phone = await phonePage();
    const request = await e2e.db.knex('interview_requests').where('project_id', project.id).first('guid');
    const now = Math.floor(Date.now() / 1000);
    await phone.goto(`${e2e.baseUrl}/jd/${request.guid}/${now}`);
    await phone.getByRole('link', { name: 'Download' }).waitFor();
    // The same request's link sent four days ago: the page stays mounted, and says the link expired.
    await followInApp(phone, `/jd/${request.guid}/${now - 4 * 24 * 3600}`);
    await phone.getByText('This link has expired').waitFor();
    expect(await phone.getByRole('link', { name: 'Download' }).count()).toBe(0);
    await followInApp(phone, `/jd/${request.guid}/${now}`);
    await phone.getByRole('link', { name: 'Download' }).waitFor();
    // A mangled link: not valid, and none of the job description shown before.
    await followInApp(phone, `/jd/not-a-guid/${now}`);
    await phone.getByText('This link is not valid').waitFor();
    expect(await phone.getByText('Mobile Engineer').count()).toBe(0);
  });

  it('a request whose role has closed since it was sent says so, on a phone and on a laptop, and offers no answer', async () => {
    const [candidate] = await activeCandidates(e2e.db.knex, 1, { skip: 95 });
    await requestInterview(candidate);
    const { email } = await e2e.db.knex('candidates').where('id', candidate).first('email');
    await e2e.db.knex('projects').where('id', project.id).update({ status: PROJECT_STATUS.inactive });
    onTestFinished(() => e2e.db.knex('projects').where('id', project.id).update({ status: PROJECT_STATUS.active }));
    const laptop = await e2e.browser.newContext({ viewport: { width: 1440, height: 900 } });
    onTestFinished(() => laptop.close());
    for (const page of [await phonePage(), await laptop.newPage()]) {
      await openFromMailbox(page, email, 'approve');
      await page.getByText(t('portal.interviews.answer.closedTitle')).waitFor();
      await page.getByText(t('project.interview.errors.projectClosed')).waitFor();
      expect(await page.getByRole('button').count()).toBe(0);
    }
  });
});
