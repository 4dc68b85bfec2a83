/**
 * The projects screens' browser tests share these: the world they build on (a job title and
 * Singapore), calls from the signed-in page itself, a project created through the API, a project
 * written straight to the database with candidates on its board, a list row and an autocomplete pick.
 */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { E2E } from './e2e';

export interface ProjectsWorld {
  jobTitle: { id: number; name: string };
  singapore: { id: number; name: string };
}

export async function projectsWorld(e2e: E2E): Promise<ProjectsWorld> {
  const jobTitle = (await e2e.db.knex('job_titles').orderBy('id').first('id', 'name')) as ProjectsWorld['jobTitle'];
  const singapore = (await e2e.db
    .knex('countries')
    .where('code', 'SG')
    .first('id', 'name')) as ProjectsWorld['singapore'];
  return { jobTitle, singapore };
}

/** A call from the signed-in page itself (its session cookie, same origin). */
export async function call(
  page: Page,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: Record<string, unknown> }> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const res = await fetch(`/api/v1/${path}`, {
        method,
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
        credentials: 'include',
      });
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    },
    { method, path, body },
  );
}

export async function createProject(
  page: Page,
  world: ProjectsWorld,
  title: string,
  extra: Record<string, unknown> = {},
): Promise<{ id: string; guid: string }> {
  const res = await call(page, 'POST', 'projects/create', {
    ...extra,
    title,
    jobTitleId: world.jobTitle.id,
    countries: [world.singapore.id],
    headcount: 1,
    salaryMin: 5000,
    salaryMax: 8000,
    salaryCurrency: 'SGD',
    jobDescription: 'Build and run our hiring platform.',
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { id: string; guid: string };
}

export const row = (page: Page, title: string) =>
  page.locator(`[data-testid="project-row"][data-project-title="${title}"]`);

export async function pick(page: Page, label: RegExp, text: string, option?: string) {
  await page.getByRole('combobox', { name: label }).fill(text);
  await page
    .getByRole('option', { name: option ?? text })
    .first()
    .click();
}

/**
 * A project of the company `email` works for, written to the database with `candidates` at `stage`
 * (curated unless told, each row with `row`'s columns), for a test whose subject is the board rather
 * than how the project came to be.
 */
export async function boardProject(
  e2e: E2E,
  email: string,
  fields: Record<string, unknown>,
  candidates: { id: number }[],
  stage: number,
  curated = true,
  row: Record<string, unknown> = {},
): Promise<{ id: number; guid: string; companyId: number }> {
  const knex = e2e.db.knex;
  const owner = await knex('company_users').where('email', email).first('id', 'company_id');
  const jobTitle = await knex('job_titles').orderBy('id').first('id');
  const country = await knex('countries').orderBy('id').first('id');
  const [project] = await knex('projects')
    .insert({
      company_id: owner.company_id,
      owner_id: owner.id,
      job_title_id: jobTitle.id,
      countries: [country.id],
      headcount: 1,
      salary_min: 1000,
      salary_max: 2000,
      ...fields,
    })
    .returning(['id', 'guid']);
  if (candidates.length)
    await knex('project_candidates').insert(
      candidates.map((c) => ({
        project_id: project.id,
        candidate_id: c.id,
        company_id: owner.company_id,
        stage,
        curated,
        last_recruitment_updated_at: new Date(),
        ...row,
      })),
    );
  return { ...project, companyId: owner.company_id as number };
}
