/**
 * The console's talent screens in a real browser against the real server: an admin adds a
 * candidate from a CV, edits a profile under the server's own rules, and changes statuses in bulk
 * with a warning where candidates chose their own.
 */
import PDFDocument from 'pdfkit';
import type { Page, Response } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { signInAtConsole, startE2E, type E2E } from '../helpers/e2e';

let e2e: E2E;
let admin: Page;

/** A one-page CV written as a PDF, the way candidates send them. */
function cvPdf(lines: string[]): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument();
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    for (const line of lines) doc.text(line);
    doc.end();
  });
}

async function signIn(page: Page, email: string) {
  await signInAtConsole(e2e, page, email);
  await page.waitForURL(/\/admin\/companies/);
}

/** Signs a candidate in through the API and pauses their own profile, as they would on their page. */
async function pauseAsCandidate(email: string, id: number) {
  const post = (path: string, body?: unknown, token?: string) =>
    fetch(`${e2e.baseUrl}/api/v1/${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  await post('auth/send-email-otp', { email });
  const login = (await (await post('auth/login-by-email-otp', { email, otp: await e2e.lastCode(email) })).json()) as {
    accessToken: string;
  };
  const res = await post(`candidates/Candidate:${id}/pause`, undefined, login.accessToken);
  expect(res.status).toBe(200);
}

/**
 * Active candidates whose stored profile passes every rule today, with a few skills (not all
 * highlighted) and room for one more job title: profiles another rule would hold back (a notice
 * date now past, missing Hong Kong documents) are not these tests' subject.
 */
const editableCandidate = () =>
  e2e.db
    .knex('candidates')
    .whereRaw(
      "jsonb_array_length(skills) >= 2 and (select count(*) from jsonb_array_elements(skills) s where (s->>'isStar')::boolean) < 5",
    )
    .whereRaw('cardinality(job_title_looking_for) between 1 and 5')
    .whereRaw("(notice_period->>'type')::int <> 2")
    .where({ is_special_hk_candidate: false, status: 1 })
    .orderBy('id');

/** Candidates in the talent list's own order: newest first. */
const newestFirst = () =>
  e2e.db.knex('candidates').orderBy([
    { column: 'created_at', order: 'desc' },
    { column: 'id', order: 'desc' },
  ]);

const menu = (page: Page) => page.getByRole('navigation', { name: 'Console menu' });

beforeAll(async () => {
  e2e = await startE2E();
  admin = await e2e.newPage();
  admin.on('dialog', (dialog) => void dialog.accept());
  await signIn(admin, 'admin@example.com');
});

describe('Talent in the console', () => {
  it('The spec paths /talent and /talent/add open the console, query string kept', async () => {
    for (const path of ['/talent?status=0', '/talent/add', '/talent/edit/Candidate:1', '/talent/Candidate:1']) {
      const res = await fetch(`${e2e.baseUrl}${path}`, { redirect: 'manual' });
      expect(res.status).toBe(302);
      expect(res.headers.get('location')).toBe(`/admin${path}`);
    }
    await admin.goto(`${e2e.baseUrl}/talent?status=0`);
    await admin.waitForURL(
      (url) => url.pathname === '/admin/talent' && JSON.parse(url.searchParams.get('filter') ?? '{}').status === 0,
    );
    await menu(admin)
      .getByRole('link', { name: 'Pending curation' })
      .and(admin.locator('[aria-current="page"]'))
      .waitFor();
    await expect.poll(() => admin.title(), { timeout: 10_000 }).toBe('Pending curation | Talentbase');
  });

  it('An admin adds a candidate from a CV, completes what the CV did not say, and finds them in the list', async () => {
    const pdf = await cvPdf([
      'Daniel Okafor',
      'Singapore',
      'daniel.okafor@mail.example.com | +65 9876 5432 | linkedin.com/in/daniel-okafor',
      '',
      'Summary',
      'Backend engineer with eight years building payment systems.',
      '',
      'Experience',
      'Senior Software Engineer at Grab',
      'Mar 2020 - Present',
      'Built the payouts platform in Go and PostgreSQL.',
      'Software Engineer at Shopee',
      'Jan 2016 - Feb 2020',
      'Order services in Java.',
      '',
      'Skills',
      'Go, PostgreSQL, Kubernetes, Java',
    ]);
    await menu(admin).getByRole('link', { name: 'All talent' }).click();
    await admin.waitForURL((url) => url.pathname === '/admin/talent');
    await admin.getByRole('button', { name: 'Add from CV' }).click();
    await admin
      .getByLabel('Choose a CV file (PDF or DOCX)')
      .setInputFiles({ name: 'daniel-okafor.pdf', mimeType: 'application/pdf', buffer: pdf });

    await admin.waitForURL((url) => url.pathname === '/admin/talent/add');
    const summary = admin.getByTestId('cv-summary');
    await summary.getByText('Filled in from daniel-okafor.pdf').waitFor();
    await expect(summary.innerText()).resolves.toContain(
      'Still needed: Preferred locations, Type of employment, Expected minimum basic salary, Notice period.',
    );
    await expect(admin.getByRole('textbox', { name: 'First name' }).inputValue()).resolves.toBe('Daniel');
    await expect(admin.getByRole('textbox', { name: 'Email' }).inputValue()).resolves.toBe(
      'daniel.okafor@mail.example.com',
    );
    // The form draws its sections one per task: wait for the second entry before counting.
    await admin.getByTestId('experience-entry').nth(1).waitFor();
    await expect(admin.getByTestId('experience-entry').count()).resolves.toBe(2);

    // Saving with what the CV left out is refused at those fields, before anything is sent.
    await admin.getByRole('button', { name: 'Add talent' }).click();
    await admin.getByText('Add at least one preferred location').waitFor();
    await admin.getByText('Choose at least one employment type').waitFor();
    await expect(admin.getByText('Some fields need your attention').count()).resolves.toBeGreaterThan(0);

    await admin.getByRole('button', { name: 'Add preferred location' }).click();
    await admin.getByRole('combobox', { name: 'Location', exact: true }).fill('Singapore');
    await admin
      .getByRole('option', { name: /^Singapore/ })
      .first()
      .click();
    await admin.getByRole('button', { name: 'Permanent' }).click();
    await admin.getByRole('textbox', { name: 'Expected minimum basic salary' }).fill('9000');
    await admin.getByRole('combobox', { name: 'Notice period' }).click();
    await admin.getByRole('option', { name: 'Number of months' }).click();
    await admin.getByRole('combobox', { name: 'Months', exact: true }).click();
    await admin.getByRole('option', { name: '2 months', exact: true }).click();
    await admin.getByRole('button', { name: 'Add talent' }).click();

    await admin.getByText('Talent added').waitFor();
    await admin.waitForURL(/\/admin\/talent\/Candidate%3A\d+$/);
    await admin.getByRole('heading', { name: 'Daniel Okafor' }).waitFor();
    // The profile view hands out the CV, the blind CV and the profile PDF.
    for (const [button, file] of [
      ['CV', /^Daniel-Okafor-cv\.pdf$/],
      ['Blind CV', /-blind-cv\.pdf$/],
      ['Profile PDF', /^Daniel-Okafor-profile\.pdf$/],
    ] as const) {
      const [download] = await Promise.all([
        admin.waitForEvent('download'),
        admin.getByRole('button', { name: button, exact: true }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(file);
    }
    const saved = await e2e.db.knex('candidates').where('email', 'daniel.okafor@mail.example.com').first();
    expect(saved).toMatchObject({
      first_name: 'Daniel',
      last_name: 'Okafor',
      expected_salary: 9000,
      type_of_employment: [1],
      notice_period: { type: 1, option: 2 },
    });
    expect(saved.resume_path).toMatch(/^cvs\/\d{4}-\d{2}\/[0-9a-f]{32}\.pdf$/);
    const jobs = await e2e.db
      .knex('candidate_experiences')
      .where('candidate_id', saved.id)
      .orderBy('start_date', 'desc')
      .pluck('company');
    expect(jobs).toEqual(['Grab', 'Shopee']);

    await menu(admin).getByRole('link', { name: 'All talent' }).click();
    await admin.getByPlaceholder('Search', { exact: true }).fill('Okafor');
    const row = admin.getByRole('row').filter({ hasText: 'daniel.okafor@mail.example.com' });
    await row.waitFor();
    await expect(row.innerText()).resolves.toContain('Daniel Okafor');
    await expect(row.innerText()).resolves.toContain('Grab');
    await expect(row.innerText()).resolves.toContain('SGD 9,000');
  });

  it('An admin edits a profile: six job titles are refused at the field, a new experience and a highlighted skill are saved', async () => {
    const target = await editableCandidate().first('id', 'first_name', 'last_name', 'skills', 'job_title_looking_for');
    const plain = (target.skills as { skillId: number; isStar: boolean }[]).find((s) => !s.isStar) as {
      skillId: number;
    };
    const skillName = (await e2e.db.knex('skills').where('id', plain.skillId).first('name')).name as string;
    const titles = (await e2e.db
      .knex('job_titles')
      .whereNotIn('id', target.job_title_looking_for)
      .orderBy('id')
      .limit(6)
      .pluck('name')) as string[];
    const puts: string[] = [];
    admin.on('request', (req) => req.method() === 'PUT' && puts.push(req.url()));

    await admin.goto(`${e2e.baseUrl}/talent/edit/Candidate:${target.id}`);
    await admin.waitForURL(`${e2e.baseUrl}/admin/talent/edit/Candidate:${target.id}`);
    const picker = admin.getByRole('combobox', { name: 'Job titles looking for' });
    await picker.waitFor();
    for (const title of titles.slice(0, 6 - target.job_title_looking_for.length)) {
      await picker.fill(title);
      await admin.getByRole('option', { name: title, exact: true }).click();
    }
    const tooMany = admin.getByText('Choose at most 5 job titles');
    await tooMany.waitFor();
    await admin.getByRole('button', { name: 'Save changes' }).click();
    await admin.getByText('Some fields need your attention').waitFor();
    expect(puts).toEqual([]);
    await admin
      .getByRole('button', { name: titles[6 - target.job_title_looking_for.length - 1], exact: true })
      .locator('svg')
      .click();
    await expect.poll(() => tooMany.count(), { timeout: 10_000 }).toBe(0);

    await admin.getByRole('button', { name: 'Add experience' }).click();
    const entry = admin.getByTestId('experience-entry').first();
    await entry.getByRole('textbox', { name: 'Job title' }).fill('Platform Lead');
    await entry.getByRole('textbox', { name: 'Company' }).fill('Northwind Labs');
    await entry.getByLabel('Start').fill('2021-04');
    await entry.getByLabel('End').fill('2022-09');
    await admin.getByRole('button', { name: `Highlight ${skillName}` }).click();
    await admin.getByRole('button', { name: 'Save changes' }).click();

    await admin.getByText('Profile saved').waitFor();
    await admin.waitForURL(`${e2e.baseUrl}/admin/talent/Candidate%3A${target.id}`);
    await admin.getByTestId('experience-panel').getByText('Platform Lead').waitFor();
    await admin.getByTestId('skills-panel').locator('[data-starred="true"]').filter({ hasText: skillName }).waitFor();
    const job = await e2e.db
      .knex('candidate_experiences')
      .where({ candidate_id: target.id, title: 'Platform Lead' })
      .first('company', 'start_date', 'end_date');
    expect(job).toMatchObject({ company: 'Northwind Labs' });
    const after = await e2e.db.knex('candidates').where('id', target.id).first('skills', 'job_title_looking_for');
    expect(
      (after.skills as { skillId: number; isStar: boolean }[]).find((s) => s.skillId === plain.skillId)?.isStar,
    ).toBe(true);
    expect(after.job_title_looking_for).toHaveLength(5);
  });

  it("The server's refusal of a change to the candidate's email shows at the email field, and nothing is saved", async () => {
    const target = await editableCandidate().offset(1).first('id', 'email');
    await admin.goto(`${e2e.baseUrl}/talent/edit/Candidate:${target.id}`);
    const email = admin.getByRole('textbox', { name: 'Email', exact: true });
    await expect.poll(() => email.inputValue(), { timeout: 10_000 }).toBe(target.email);
    // The candidate changes their own email, confirming the new address: the server refuses anyone else.
    await email.fill('candidate@example.com');
    await admin.getByRole('button', { name: 'Save changes' }).click();
    await admin.locator('#identity').getByText('Only the person can change their own email address').waitFor();
    await expect(e2e.db.knex('candidates').where('id', target.id).first('email')).resolves.toEqual({
      email: target.email,
    });
    // The address typed back, the form holds nothing unsaved: the next test leaves it without being asked to stay.
    await email.fill(target.email);
    await expect.poll(() => email.inputValue()).toBe(target.email);
  });

  it('An admin pages forward through the talent list: each page follows on from the one before it, as the list stands', async () => {
    const asked: string[] = [];
    // What the list was answered, told when a page does not come: the status and the head of the body.
    const answers: string[] = [];
    const watch = (request: { url(): string }) => {
      if (request.url().includes('/api/v1/candidates?')) asked.push(decodeURIComponent(request.url()));
    };
    const heard = (response: Response) => {
      if (!response.url().includes('/api/v1/candidates?')) return;
      const line = `${response.status()} ${decodeURIComponent(response.url()).split('?')[1]}`;
      void response.text().then(
        (body) => answers.push(`${line} ${body.slice(0, 160)}`),
        () => answers.push(line),
      );
    };
    admin.on('request', watch);
    admin.on('response', heard);
    try {
      await menu(admin).getByRole('link', { name: 'All talent' }).click();
      const order = await newestFirst().limit(75).pluck('email');
      const shown = () => admin.locator('tbody tr').evaluateAll((rows) => rows.map((r) => r.textContent ?? ''));
      for (let page = 0; page < 3; page += 1) {
        if (page > 0) await admin.getByRole('button', { name: 'Go to next page' }).click();
        const emails = order.slice(page * 25, page * 25 + 25);
        await expect
          .poll(async () => (await shown())[24] ?? '')
          .toContain(emails[24])
          .catch(async (err: Error) => {
            const screen = (
              await admin
                .locator('main')
                .innerText()
                .catch(() => '')
            ).slice(0, 400);
            throw new Error(`page ${page + 1} at ${admin.url()}\n${answers.join('\n')}\n${screen}\n${err.message}`);
          });
        const rows = await shown();
        expect(rows.map((r, i) => r.includes(emails[i]))).toEqual(emails.map(() => true));
      }
      // Pages two and three named the last candidate of the page before them.
      const lastIds = await e2e.db.knex('candidates').whereIn('email', [order[24], order[49]]).pluck('id');
      for (const id of lastIds)
        expect(
          asked.some((url) => url.includes(`after=Candidate:${id}`)),
          String(id),
        ).toBe(true);
    } finally {
      admin.off('request', watch);
      admin.off('response', heard);
    }
  });

  it('A bulk status change warns about candidates who chose their own status and overrides them only when confirmed', async () => {
    const firstPage = await newestFirst().limit(25).select('id', 'email', 'first_name', 'last_name', 'status');
    const [paused, other] = firstPage.filter((c) => c.status === 1);
    await pauseAsCandidate(paused.email, paused.id);
    await expect(
      e2e.db.knex('candidates').where('id', paused.id).first('status', 'self_chosen_status'),
    ).resolves.toEqual({
      status: 2,
      self_chosen_status: true,
    });

    await menu(admin).getByRole('link', { name: 'All talent' }).click();
    for (const c of [paused, other])
      await admin.getByRole('row').filter({ hasText: c.email }).getByRole('checkbox').check();
    await admin.getByText('2 items selected').waitFor();
    await admin.getByRole('button', { name: 'Change status' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Change the status of 2 selected' });
    await dialog.getByLabel('Semi-active').check();
    await dialog.getByRole('button', { name: 'Apply' }).click();

    const warning = dialog.getByTestId('self-chosen-warning');
    await warning.waitFor();
    await expect(warning.innerText()).resolves.toContain(`${paused.first_name} ${paused.last_name}`);
    await expect(warning.innerText()).resolves.not.toContain(`${other.first_name} ${other.last_name}`);
    // Nothing changed until the admin confirms.
    await expect(
      e2e.db.knex('candidates').whereIn('id', [paused.id, other.id]).orderBy('id').pluck('status'),
    ).resolves.toEqual([paused, other].sort((a, b) => a.id - b.id).map((c) => (c.id === paused.id ? 2 : 1)));

    await dialog.getByRole('button', { name: 'Change anyway' }).click();
    await admin.getByText('2 changed').waitFor();
    await expect
      .poll(() => e2e.db.knex('candidates').whereIn('id', [paused.id, other.id]).pluck('status'), { timeout: 10_000 })
      .toEqual([3, 3]);
    await expect(e2e.db.knex('candidates').where('id', paused.id).first('self_chosen_status')).resolves.toEqual({
      self_chosen_status: false,
    });
    await expect(admin.getByText('2 items selected').count()).resolves.toBe(0);
  });
});
