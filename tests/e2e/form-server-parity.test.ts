/**
 * Forms that check what their server checks, and say the server's refusal at the field it names, in a real browser:
 * - /ai-match's start form hints the description's least length (schema/rules/aiMatch.ts JOB_DESCRIPTION_MIN) and
 *   refuses a shorter one at the field before sending it; the server's refusal of a project's too short description
 *   is said at the project field. At review, a list of requirements at its cap (REQUIREMENT_CAPS) takes no more and
 *   says so, and the server's refusal of a list too long is said under the requirements, never as "Some fields need
 *   your attention".
 * - The dashboards check their period as the server does (schema/rules/dashboards.ts): a start after the end, or a
 *   period over two years, is said at From and not asked for; the server's own refusal of a period is said there too;
 *   a refused request (400) offers no Retry, which would only fail again.
 */
import type { Page, Request } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { JD } from '../helpers/aiMatch';
import { startE2E, type E2E } from '../helpers/e2e';
import { makeProject, type TestProject } from '../helpers/interviews';
import { RANGE } from '../helpers/dashboards';
import { JOB_DESCRIPTION_MIN, REQUIREMENT_CAPS } from '../../schema/rules/aiMatch';

const VIEWPORT = { width: 1440, height: 900 };
const GENERIC = 'Some fields need your attention';

let e2e: E2E;
let shortProject: TestProject;

beforeAll(async () => {
  e2e = await startE2E();
  shortProject = await makeProject(e2e.db.knex, { title: 'Terse parity hire' });
  await e2e.db.knex('projects').where('id', shortProject.id).update({ job_description: 'Java dev.', jd_text: null });
}, 120_000);

/** The words of what describes a field (its helper text), by aria-describedby. */
const described = (field: ReturnType<Page['getByLabel']>) =>
  field.evaluate((el) =>
    (el.getAttribute('aria-describedby') ?? '')
      .split(/\s+/)
      .filter(Boolean)
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' '),
  );

/** Requests to `pattern` the page sends from now on. */
function sent(page: Page, pattern: RegExp): Request[] {
  const seen: Request[] = [];
  page.on('request', (r) => void (pattern.test(r.url()) && seen.push(r)));
  return seen;
}

describe('AI match says the server’s refusals at their fields', () => {
  it('hints and checks the description’s least length, and says a project’s too short one at the project', async () => {
    const page = await e2e.signIn('admin@example.com', VIEWPORT, '/ai-match', { shared: true });
    const jd = page.getByRole('textbox', { name: 'Job description' });
    await jd.waitFor();
    expect(await described(jd)).toContain(`At least ${JOB_DESCRIPTION_MIN} characters`);
    const starts = sent(page, /\/api\/v1\/projects\/ai-match$/);
    await jd.fill('Java dev, Kafka');
    await page.getByRole('button', { name: 'Read requirements' }).click();
    await expect.poll(() => jd.getAttribute('aria-invalid')).toBe('true');
    expect(await described(jd)).toBe('The job description is too short to match against');
    expect(starts).toHaveLength(0);
    await jd.fill('Java developer, Kafka');
    await expect.poll(() => jd.getAttribute('aria-invalid')).toBe('false');

    // The project's own description is read on the server, which refuses it at the field that chose it.
    await page.goto(`${e2e.baseUrl}/ai-match?project=${shortProject.id}`);
    const project = page.getByRole('combobox', { name: 'Project' });
    await expect.poll(() => project.inputValue()).toContain('Terse parity hire');
    await page.getByRole('button', { name: 'Read requirements' }).click();
    await expect.poll(() => project.getAttribute('aria-invalid')).toBe('true');
    expect(await described(project)).toBe('The job description is too short to match against');
    expect(await page.getByText(GENERIC).count()).toBe(0);
  }, 60_000);

  it('stops adding at a list’s cap and says the server’s refusal of a list too long under the requirements', async () => {
    const page = await e2e.signIn('admin@example.com', VIEWPORT, '/ai-match', { shared: true });
    const started = await page.evaluate(async (jobDescription) => {
      const r = await fetch('/api/v1/projects/ai-match', {
        method: 'POST',
        credentials: 'include',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ jobDescription }),
      });
      return { status: r.status, body: await r.json() };
    }, JD);
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    // One skill more than the cap, as a run read before the cap was kept would hold.
    const cap = REQUIREMENT_CAPS.skills;
    const skills = await e2e.db
      .knex('skills')
      .orderBy('id')
      .limit(cap + 1)
      .select('id', 'name');
    expect(skills).toHaveLength(cap + 1);
    const runId = Number(String(started.body.id).replace(/^\D+/, ''));
    const row = await e2e.db.knex('ai_match_runs').where('id', runId).first('requirements');
    const requirements = typeof row.requirements === 'string' ? JSON.parse(row.requirements) : row.requirements;
    requirements.skills = skills.map((s: { id: number; name: string }) => ({
      id: s.id,
      label: s.name,
      required: true,
    }));
    await e2e.db
      .knex('ai_match_runs')
      .where('id', runId)
      .update({ requirements: JSON.stringify(requirements) });

    await page.goto(`${e2e.baseUrl}/ai-match?run=${encodeURIComponent(started.body.id)}`);
    await page.getByRole('button', { name: 'Start matching' }).waitFor();
    // The skills are at (past) their cap: the add field takes no more and says why.
    const add = page.getByRole('textbox', { name: 'Add a requirement' });
    await expect.poll(() => add.isDisabled()).toBe(true);
    expect(await described(add)).toBe(`At most ${cap} skills can be matched`);

    await page.getByRole('button', { name: 'Start matching' }).click();
    const refusal = page.getByTestId('ai-match-requirements-error');
    await refusal.waitFor();
    expect(await refusal.innerText()).toBe(`At most ${cap} skills can be matched`);
    expect(await page.getByText(GENERIC).count()).toBe(0);

    // One skill fewer: the refusal is gone, and the list at its cap still takes no more.
    await page.getByRole('button', { name: `Remove ${skills[0].name}`, exact: true }).click();
    await expect.poll(() => refusal.count()).toBe(0);
    expect(await add.isDisabled()).toBe(true);
  }, 60_000);
});

describe('The dashboards check their period as the server does', () => {
  it('says a start after the end at From without asking, and a period over two years too', async () => {
    const page = await e2e.signIn('admin@example.com', VIEWPORT, null, { shared: true });
    const asked = sent(page, /\/api\/v1\/dashboard\//);
    await page.goto(`${e2e.baseUrl}/dashboard/ta-dashboard-weekly?from=2024-03-17&to=2024-03-04`);
    const from = page.getByTestId('dashboard-filters').getByRole('textbox', { name: 'From' });
    await expect.poll(() => from.getAttribute('aria-invalid')).toBe('true');
    expect(await described(from)).toBe('The start date must be on or before the end date');
    expect(await page.getByText('The dashboard could not be loaded').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Retry' }).count()).toBe(0);

    await page.goto(`${e2e.baseUrl}/dashboard/ta-recruitment-activity?from=2021-01-01&to=2024-03-17`);
    await expect.poll(() => from.getAttribute('aria-invalid')).toBe('true');
    expect(await described(from)).toBe('Choose a period of at most two years');
    expect(asked.filter((r) => /activity-per-week|event-log/.test(r.url()))).toHaveLength(0);

    // A period it takes is asked for, and the field holds no complaint.
    await page.goto(`${e2e.baseUrl}/dashboard/ta-dashboard-weekly?${RANGE}`);
    await page.getByRole('heading', { name: 'Stage overview per week' }).waitFor();
    await expect.poll(() => asked.filter((r) => /activity-per-week/.test(r.url())).length).toBeGreaterThan(0);
    await expect.poll(() => from.getAttribute('aria-invalid')).toBe('false');
  }, 60_000);

  it('says the server’s refusal of a period at the recruiter dashboard’s From, and offers no Retry for a 400', async () => {
    const page = await e2e.signIn('owner@acme.example.com', VIEWPORT, null);
    // The server is asked for a period it refuses (what a page with another clock, or older rules, would send).
    await page.route(/\/api\/v1\/dashboard\/recruiter\?/, (route) => {
      const url = new URL(route.request().url());
      url.searchParams.set('from', '2024-03-17');
      url.searchParams.set('to', '2024-03-04');
      return route.continue({ url: url.toString() });
    });
    await page.goto(`${e2e.baseUrl}/projects/dashboard?${RANGE}`);
    const from = page.getByTestId('dashboard-filters').getByRole('textbox', { name: 'From' });
    await expect.poll(() => from.getAttribute('aria-invalid')).toBe('true');
    expect(await described(from)).toBe('The start date must be on or before the end date');
    expect(await page.getByText('The dashboard could not be loaded').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Retry' }).count()).toBe(0);
    await page.unrouteAll();

    // Another refused request (a company that is no id) says why, with no Retry that would fail again.
    const admin = await e2e.signIn('admin@example.com', VIEWPORT, null, { shared: true });
    await admin.goto(`${e2e.baseUrl}/dashboard/ta-dashboard-weekly?${RANGE}&companyId=nonsense`);
    await admin.getByText('The dashboard could not be loaded').waitFor();
    expect(await admin.getByRole('button', { name: 'Retry' }).count()).toBe(0);
    await page.close();
  }, 60_000);
});
