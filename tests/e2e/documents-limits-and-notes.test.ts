/**
 * What a person is told about the files and notes they hand over, on a laptop (1440×900) and a touch phone (390×844):
 * - the candidate's CV field names the size limit, and a file past it (30 MB) or one that is not what its name says is
 *   refused at once in the browser, with the limit named, before anything is sent;
 * - under the portal's note field, and under the console's internal notes on a talent profile, one line says the
 *   candidate can ask for a copy of their data, which includes notes about them.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { DOCUMENT_MAX_MB } from '../../schema/rules/documents';
import { startE2E, type E2E } from '../helpers/e2e';

let e2e: E2E;
let project: { id: number; guid: string };
let person: { id: number; guid: string; name: string };

const SIZES = [
  { name: 'a laptop', phone: false, viewport: { width: 1440, height: 900 } },
  { name: 'a touch phone', phone: true, viewport: { width: 390, height: 844 } },
] as const;
const CANDIDATE = 'candidate@example.com';
const OWNER = 'owner@acme.example.com';
const ADMIN = 'admin@example.com';
const IN_COPY = 'The candidate can ask for a copy of their data, which includes notes about them.';

beforeAll(async () => {
  e2e = await startE2E();
  const knex = e2e.db.knex;
  // The candidate has no CV on file, so the field shows its hint.
  await knex('candidates').where('email', CANDIDATE).update({ resume_path: null });
  const owner = await knex('company_users').where('email', OWNER).first('id', 'company_id');
  const jobTitle = await knex('job_titles').orderBy('id').first('id');
  const country = await knex('countries').orderBy('id').first('id');
  [project] = await knex('projects')
    .insert({
      title: 'Notes test: Backend engineer',
      company_id: owner.company_id,
      owner_id: owner.id,
      job_title_id: jobTitle.id,
      countries: [country.id],
      headcount: 1,
      salary_min: 5000,
      salary_max: 9000,
    })
    .returning(['id', 'guid']);
  person = await knex('candidates')
    .where({ status: 1, visibility: true })
    .whereNot('anonymous', true)
    .whereNotNull('first_name')
    .orderBy('id')
    .first('id', 'guid', knex.raw(`first_name || ' ' || last_name as name`));
  await knex('project_candidates').insert({
    project_id: project.id,
    candidate_id: person.id,
    company_id: owner.company_id,
    stage: 1,
    curated: true,
    last_recruitment_updated_at: new Date(),
  });
});

/** `email`'s page on `at`: a touch phone's (isMobile, hasTouch), or a laptop's with a mouse. */
async function open(email: string, at: string, size: (typeof SIZES)[number]): Promise<Page> {
  const signed = await e2e.signIn(email, undefined, null, { shared: true });
  const context = await e2e.browser.newContext(
    size.phone ? { viewport: size.viewport, isMobile: true, hasTouch: true } : { viewport: size.viewport },
  );
  onTestFinished(() => context.close());
  await context.addCookies(await signed.context().cookies());
  const page = await context.newPage();
  await page.goto(`${e2e.baseUrl}${at}`);
  return page;
}

const noSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

describe.each(SIZES)('On $name', (size) => {
  it('the CV field names the size limit and refuses a larger or mislabelled file before sending it', async () => {
    const page = await open(CANDIDATE, '/candidate/profile', size);
    const documents = page.locator('#documents');
    await documents.getByText(`PDF or Word (DOCX), up to ${DOCUMENT_MAX_MB} MB.`).waitFor();
    const sent: string[] = [];
    page.on('request', (r) => void (r.url().includes('/candidates/cv-data') && sent.push(r.url())));
    const input = documents.locator('input[type="file"]').first();

    // A 30 MB PDF made in the page: handing the browser 30 MB from the test process costs more than the whole test.
    await input.evaluate(
      (node: HTMLInputElement, bytes) => {
        const data = new Uint8Array(bytes).fill(0x20);
        data.set(new TextEncoder().encode('%PDF-1.4\n'));
        const picked = new DataTransfer();
        picked.items.add(new File([data], 'cv.pdf', { type: 'application/pdf' }));
        node.files = picked.files;
        node.dispatchEvent(new Event('change', { bubbles: true }));
      },
      30 * 1024 * 1024,
    );
    const refused = documents.getByRole('alert');
    await refused.filter({ hasText: `larger than ${DOCUMENT_MAX_MB} MB` }).waitFor();

    await input.setInputFiles({ name: 'cv.pdf', mimeType: 'application/pdf', buffer: Buffer.from('not a PDF at all') });
    await refused.filter({ hasText: 'Upload a PDF or Word (DOCX) file' }).waitFor();
    expect(sent).toEqual([]);
    const box = (await refused.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(size.viewport.width);
    await expect(noSideways(page)).resolves.toBe(true);
  });

  it("the portal's note field says the candidate's copy of their data holds notes", async () => {
    const page = await open(OWNER, `/project/${project.guid}?tab=1`, size);
    const row = page.locator(`[data-testid="pipeline-row"][data-guid="${person.guid}"]`);
    await row.getByRole('button', { name: person.name }).first().click();
    const notes = page.getByTestId('profile-panel').getByTestId('notes');
    const line = notes.getByText(IN_COPY);
    await line.waitFor();
    // Under the field it describes, read whole.
    const field = (await notes.getByTestId('note-input').boundingBox())!;
    const box = (await line.boundingBox())!;
    expect(box.y).toBeGreaterThan(field.y);
    expect(box.x + box.width).toBeLessThanOrEqual(size.viewport.width);
    await expect(noSideways(page)).resolves.toBe(true);
  });

  it("the console's internal notes on a talent profile say the same", async () => {
    const page = await open(ADMIN, '/admin/talent/add', size);
    const line = page.getByTestId('notes-included');
    await line.scrollIntoViewIfNeeded();
    await expect(line.innerText()).resolves.toBe(IN_COPY);
    const box = (await line.boundingBox())!;
    const field = (await page.getByRole('textbox', { name: 'Looking for' }).boundingBox())!;
    expect(box.y).toBeGreaterThan(field.y);
    expect(box.x + box.width).toBeLessThanOrEqual(size.viewport.width);
    await expect(noSideways(page)).resolves.toBe(true);
  });
});
