/**
 * The stumbles a new admin met on /ai-match, walked in a real browser at a desktop and a phone size:
 * a pasted "Senior Backend Engineer" description read as a recruiter reads it (PostgreSQL on its own
 * bullet line, "Kafka or RabbitMQ" one requirement, "up to SGD 12,000" a maximum, "5+ years" and the
 * seniority shown), every chip corrected (languages and places removed, a missed skill added through
 * the lookups' search, must-have and nice-to-have switched, the years and the seniority edited) and
 * the corrections matched; a run from a project starts from its title, countries, salary and
 * languages, the past runs name the project and "Add selected to project" offers it first; a run
 * reopened shows its description, requirements and filters. At 390 px nothing is wider than the
 * screen and the main action is on it whole.
 */
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorker, type Worker } from '../../backend/jobs/worker';
import { startE2E, type E2E } from '../helpers/e2e';
import { makeProject } from '../helpers/interviews';
import { candidatePayload, talentIds } from '../helpers/talent';
import { TECH_AND_DESIGN } from '../../scripts/benchMatch/descriptionsTech';

const SCREENS = [
  { name: '1440×900', viewport: { width: 1440, height: 900 } },
  { name: '390×844', viewport: { width: 390, height: 844 } },
];

/** The description of the first stumbles, as pasted: the judged set's senior backend role. */
const BACKEND = TECH_AND_DESIGN.find((d) => d.key === 'backend-senior')!.text;

/** A project's description that says less than its fields (and another pay): the fields win. */
const ANALYST = `We need someone to turn our sales data into dashboards.
SQL first, Python welcome. Tableau for the dashboards.
Salary up to SGD 9,000 per month.`;

let e2e: E2E;
let worker: Worker;

beforeAll(async () => {
  e2e = await startE2E();
  worker = await startWorker(e2e.db.url, e2e.config, 1);
  const knex = e2e.db.knex;
  // The admin's one signed-in context for the file (the AI match screens keep nothing in the browser's storage).
  const admin = await signedIn(SCREENS[0].viewport, null);
  const ids = await talentIds(knex);
  const skill = async (name: string) => (await knex('skills').where('name', name).first('id')).id as number;
  const title = async (name: string) => (await knex('job_titles').where('name', name).first('id')).id as number;
  const year = new Date().getUTCFullYear();
  const create = async (firstName: string, skills: string[], jobTitle: string, description: string) => {
    const res = await admin.request.post(`${e2e.baseUrl}/api/v1/candidates`, {
      headers: { origin: e2e.baseUrl },
      data: candidatePayload(ids, {
        firstName,
        lastName: 'Stumbletest',
        status: 1,
        jobTitleLookingFor: [await title(jobTitle)],
        skills: await Promise.all(skills.map(async (s, i) => ({ skillId: await skill(s), isStar: i < 2 }))),
        experiences: [
          { title: jobTitle, company: 'Grab', startDate: `${year - 8}-01-01`, currentPosition: true, description },
        ],
        preferredLocations: [{ locationId: ids.singapore, visaType: 1 }],
        expectedSalary: 8000,
        expectedSalaryCurrency: 'SGD',
      }),
    });
    expect(res.status(), await res.text()).toBe(201);
  };
  await create(
    'Orsolya',
    ['Java', 'Spring Boot', 'Apache Kafka', 'PostgreSQL', 'Docker'],
    'Senior Backend Engineer',
    'Payment services in Java and Spring Boot on Kafka and PostgreSQL, shipped in Docker.',
  );
  await create('Ilse', ['SQL', 'Tableau', 'Python'], 'Senior Data Analyst', 'Sales dashboards in SQL and Tableau.');
  await admin.close();
}, 180_000);

/** A page in the file's one signed-in context for the admin, at a screen size, on a page (nothing opened if null). */
function signedIn(viewport: { width: number; height: number }, at: string | null) {
  return e2e.signIn('admin@example.com', viewport, at, { shared: true });
}

afterAll(async () => {
  await worker?.stop();
});

/** Nothing on the page is wider than the screen. */
const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

/** The control is on the screen whole: inside the viewport and the topmost element at its edges. */
async function wholeOnScreen(page: Page, control: Locator): Promise<boolean> {
  await control.scrollIntoViewIfNeeded();
  const view = page.viewportSize()!;
  const box = await control.boundingBox();
  if (!box || box.x < 0 || box.y < 0 || box.x + box.width > view.width || box.y + box.height > view.height)
    return false;
  return control.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const cy = (r.top + r.bottom) / 2;
    const cx = (r.left + r.right) / 2;
    return [
      [r.left + 6, cy],
      [r.right - 6, cy],
      [cx, r.top + 3],
      [cx, r.bottom - 3],
    ].every(([x, y]) => {
      const hit = document.elementFromPoint(x, y);
      return Boolean(hit && (hit === el || el.contains(hit)));
    });
  });
}

/** The chip whose text is exactly `text` among the requirements. */
const chip = (within: Locator, text: string | RegExp) =>
  within
    .locator('.MuiChip-root')
    .filter({ hasText: typeof text === 'string' ? new RegExp(`^${escape(text)}$`) : text });
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe.each(SCREENS)('AI match stumbles at $name', ({ name, viewport }) => {
  const phone = viewport.width < 600;

  it('reads the pasted backend description as a recruiter would, takes every correction and matches with them', async () => {
    const page = await signedIn(viewport, '/ai-match');
    await page.getByRole('heading', { name: 'AI Match' }).waitFor();
    const read = page.getByRole('button', { name: 'Read requirements' });
    if (phone) expect(await pageWidth(page), `the start form fits ${name}`).toBeLessThanOrEqual(viewport.width);
    await page.getByLabel('Job description').fill(BACKEND);
    expect(await wholeOnScreen(page, read), `Read requirements is on the screen whole at ${name}`).toBe(true);
    await read.click();

    await page.getByRole('heading', { name: 'Requirements' }).waitFor();
    const chips = page.getByTestId('ai-match-requirements');
    await chip(chips, 'Java (required)').waitFor();
    // PostgreSQL on its own bullet line is a required skill.
    expect(await chip(chips, 'PostgreSQL (required)').count()).toBe(1);
    // "Kafka or RabbitMQ" is one requirement either meets, not two.
    expect(await chip(chips, 'Apache Kafka / RabbitMQ (required)').count()).toBe(1);
    expect(await chips.locator('.MuiChip-root').filter({ hasText: 'RabbitMQ' }).count()).toBe(1);
    // "Salary up to SGD 12,000" is the top of the budget; "5+ years" and "Senior" are shown.
    expect(await chip(chips, 'Up to SGD 12,000 a month').count()).toBe(1);
    expect((await chip(chips, 'SGD 12,000').count()) + (await chip(chips, /^From SGD/).count())).toBe(0);
    expect(await chip(chips, '5+ years of experience').count()).toBe(1);
    expect(await chip(chips, 'Seniority: Senior').count()).toBe(1);
    expect(await chip(chips, 'Kubernetes').count()).toBe(1);

    // Language and place chips have a remove button, and removing works.
    for (const removed of ['English', 'Singapore']) {
      const c = chip(chips, removed);
      expect(await c.locator('.MuiChip-deleteIcon').count(), `${removed} has a remove button`).toBe(1);
      await c.locator('.MuiChip-deleteIcon').click();
      await expect.poll(() => chip(chips, removed).count()).toBe(0);
    }

    // A missed requirement is added through the lookups' search, as a must-have.
    await page.getByRole('combobox', { name: 'Add a requirement' }).fill('Docker');
    await page.getByRole('option', { name: 'Docker', exact: true }).click();
    await chip(chips, 'Docker (required)').waitFor();

    // Must-have and nice-to-have switch with a click, both ways.
    await chip(chips, 'Kubernetes').click();
    await chip(chips, 'Kubernetes (required)').waitFor();
    await chip(chips, 'PostgreSQL (required)').click();
    await chip(chips, 'PostgreSQL').waitFor();
    await chip(chips, 'PostgreSQL').click();
    await chip(chips, 'PostgreSQL (required)').waitFor();
    await chip(chips, 'Kubernetes (required)').click();
    await chip(chips, 'Kubernetes').waitFor();

    // The years are edited, not only removed: at least 6.
    await chip(chips, '5+ years of experience').click();
    const years = page.getByRole('form', { name: 'Years of experience asked' });
    await years.waitFor();
    await years.getByLabel('At least (years)').fill('6');
    await years.getByRole('button', { name: 'Apply' }).click();
    await chip(chips, '6+ years of experience').waitFor();
    expect(await chip(chips, '5+ years of experience').count()).toBe(0);
    // The seniority is changed from its levels.
    await chip(chips, 'Seniority: Senior').click();
    await page.getByRole('menuitem', { name: 'Lead' }).click();
    await chip(chips, 'Seniority: Lead').waitFor();

    const start = page.getByRole('button', { name: 'Start matching' });
    if (phone) expect(await pageWidth(page), `the requirements fit ${name}`).toBeLessThanOrEqual(viewport.width);
    expect(await wholeOnScreen(page, start), `Start matching is on the screen whole at ${name}`).toBe(true);
    await start.click();
    await expect.poll(() => page.getByTestId('ai-match-state').innerText(), { timeout: 60_000 }).toBe('Done');

    // The run matched the corrections: its summary holds them, and the evidence weighs 6 years, not 5.
    const matched = page.getByTestId('ai-match-matched');
    const summary = await matched.innerText();
    for (const shown of ['6+ years of experience', 'Seniority: Lead', 'Docker (required)', 'Apache Kafka / RabbitMQ'])
      expect(summary).toContain(shown);
    expect(summary).not.toContain('English');
    expect(summary).not.toContain('Singapore');
    const rows = page.getByTestId('ai-match-result');
    await rows.first().waitFor();
    const first = rows.filter({ hasText: 'Orsolya Stumbletest' });
    await first.getByRole('button', { name: 'Reasoning and evidence' }).click();
    await expect.poll(() => page.getByTestId('ai-match-detail').innerText()).toContain('against 6+ asked');
    if (phone) expect(await pageWidth(page), `the shortlist fits ${name}`).toBeLessThanOrEqual(viewport.width);

    // Reopened, the run shows its description, requirements and filters.
    await page.reload();
    await expect.poll(() => page.getByTestId('ai-match-state').innerText()).toBe('Done');
    const reopened = page.getByTestId('ai-match-matched');
    await expect.poll(() => reopened.innerText()).toContain('6+ years of experience');
    expect(await reopened.innerText()).toContain('Seniority: Lead');
    expect(await reopened.innerText()).toContain('PostgreSQL (required)');
    expect(await reopened.innerText()).toContain('Filter: 0 to 80 years of experience');
    await reopened.getByRole('button', { name: 'Show the job description' }).click();
    await expect.poll(() => reopened.innerText()).toContain('Kafka or RabbitMQ for messaging');
    await rows.first().waitFor();
    if (phone) expect(await pageWidth(page), `the reopened run fits ${name}`).toBeLessThanOrEqual(viewport.width);
  }, 180_000);

  it("starts a project's run from its title, countries, salary and languages, lists it with the project and adds to it by default", async () => {
    const knex = e2e.db.knex;
    const projectTitle = `Sales insights hire (${name})`;
    const project = await makeProject(knex, { title: projectTitle, jobDescription: ANALYST });
    const [analyst, singapore, english, mandarin] = await Promise.all([
      knex('job_titles').where('name', 'Senior Data Analyst').first('id'),
      knex('countries').where('name', 'Singapore').first('id'),
      knex('languages').where('name', 'English').first('id'),
      knex('languages').where('name', 'Mandarin').first('id'),
    ]);
    await knex('projects')
      .where('id', project.id)
      .update({
        job_title_id: analyst.id,
        countries: [singapore.id],
        salary_min: 5000,
        salary_max: 7000,
        salary_currency: 'SGD',
        require_languages: [english.id, mandarin.id],
      });

    const page = await signedIn(viewport, `/project/${project.guid}`);
    await page.getByRole('button', { name: 'AI match' }).click();
    await page.getByTestId('project-ai-match').getByRole('link', { name: 'Match from its job description' }).click();
    await page.waitForURL(/\/ai-match\?project=/);
    await expect.poll(() => page.getByRole('combobox', { name: 'Project' }).inputValue()).toContain(projectTitle);
    await page.getByRole('button', { name: 'Read requirements' }).click();
    await page.getByRole('heading', { name: 'Requirements' }).waitFor();

    // The project's own title, countries, salary and languages come first; the description adds its skills.
    const chips = page.getByTestId('ai-match-requirements');
    await chip(chips, 'Senior Data Analyst').waitFor();
    expect(await chip(chips, 'In Singapore').count()).toBe(1);
    expect(await chip(chips, 'SGD 5,000–7,000 a month').count()).toBe(1);
    expect(await chip(chips, /SGD 9,000/).count()).toBe(0);
    expect(await chip(chips, 'English').count()).toBe(1);
    expect(await chip(chips, 'Mandarin').count()).toBe(1);
    expect(await chip(chips, 'SQL (required)').count()).toBe(1);
    expect(await chip(chips, 'Python').count()).toBe(1);
    // The level is read from the project's job title; the place chip is removable like the others.
    expect(await chip(chips, 'Seniority: Senior').count()).toBe(1);
    expect(await chip(chips, 'In Singapore').locator('.MuiChip-deleteIcon').count()).toBe(1);

    // The past runs name the project.
    const runs = page.getByTestId('ai-match-run');
    await expect.poll(() => runs.first().innerText()).toContain(projectTitle);

    if (phone) expect(await pageWidth(page), `the requirements fit ${name}`).toBeLessThanOrEqual(viewport.width);
    await page.getByRole('button', { name: 'Start matching' }).click();
    await expect.poll(() => page.getByTestId('ai-match-state').innerText(), { timeout: 60_000 }).toBe('Done');
    expect(await page.getByTestId('ai-match-matched').innerText()).toContain(`From the project ${projectTitle}`);

    // "Add selected to project" offers the run's own project first.
    const rows = page.getByTestId('ai-match-result');
    const ilse = rows.filter({ hasText: 'Ilse Stumbletest' });
    await ilse.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Add selected to project' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await expect.poll(() => dialog.getByRole('combobox', { name: 'Project' }).innerText()).toContain(projectTitle);
    if (phone) expect(await wholeOnScreen(page, dialog.getByRole('button', { name: 'Add to project' }))).toBe(true);
    await dialog.getByRole('button', { name: 'Add to project' }).click();
    await page.getByText('Added to the project').waitFor();
    const ilseId = (await knex('candidates').where({ first_name: 'Ilse', last_name: 'Stumbletest' }).first('id')).id;
    expect(
      await knex('project_candidates').where({ project_id: project.id, candidate_id: ilseId }).first('curated'),
    ).toEqual({ curated: true });
    if (phone) expect(await pageWidth(page), `the shortlist fits ${name}`).toBeLessThanOrEqual(viewport.width);

    // Reopened from the list, the run says it came from the project, with what it matched.
    await page.goto(`${e2e.baseUrl}/ai-match`);
    await runs.first().getByRole('link').click();
    const reopened = page.getByTestId('ai-match-matched');
    await expect.poll(() => reopened.innerText()).toContain(`From the project ${projectTitle}`);
    expect(await reopened.innerText()).toContain('SGD 5,000–7,000 a month');
    expect(await reopened.innerText()).toContain('In Singapore');
  }, 180_000);
});
