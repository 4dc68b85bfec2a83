/**
 * A console create form marks the fields the entity's writes refuse a create without, though the schema keeps them
 * optional (`requiredOnCreate`): a project's company and job description carry the asterisk and aria-required, and
 * an edit, where an admin project has no company, does not ask for them.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { startE2E, type E2E } from '../helpers/e2e';

let e2e: E2E;

beforeAll(async () => {
  e2e = await startE2E();
});

describe('Required fields of a console create form', () => {
  it("A project's company and job description are marked required on create", async () => {
    const page = await e2e.signIn('admin@example.com', undefined, '/admin/projects/create');
    const company = page.getByLabel(/^Company/);
    const description = page.getByLabel(/^Job description/);
    await company.waitFor();
    await expect(company.getAttribute('aria-required')).resolves.toBe('true');
    await expect(description.getAttribute('aria-required')).resolves.toBe('true');
    // The asterisk a required field's label carries.
    await expect(page.locator('label', { hasText: /^Company/ }).innerText()).resolves.toMatch(/\*/);
    await expect(page.locator('label', { hasText: /^Job description/ }).innerText()).resolves.toMatch(/\*/);
    // Fields required by the schema itself carry it too.
    await expect(page.getByLabel(/^Project name/).getAttribute('aria-required')).resolves.toBe('true');
    await expect(page.getByLabel(/^Headcount/).getAttribute('aria-required')).resolves.toBe('true');
  });

  it('Saving a project without them is stopped at the form, both fields marked invalid', async () => {
    const page = await e2e.signIn('admin@example.com', undefined, '/admin/projects/create');
    await page.getByLabel(/^Project name/).fill('No company yet');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByLabel(/^Company/).getAttribute('aria-invalid')).toBe('true');
    await expect(page.getByLabel(/^Job description/).getAttribute('aria-invalid')).resolves.toBe('true');
  });

  it('An edit does not ask for them: an admin project has no company', async () => {
    const { knex } = e2e.db;
    const own = await knex('projects').where('is_admin_project', true).first('id');
    const { id } = own ?? (await knex('projects').orderBy('id').first('id'));
    if (!own) await knex('projects').where('id', id).update({ is_admin_project: true, company_id: null });
    const page = await e2e.signIn('admin@example.com', undefined, `/admin/projects/Project%3A${id}/edit`);
    const company = page.getByLabel(/^Company/);
    await company.waitFor();
    await expect(company.getAttribute('aria-required')).resolves.toBeNull();
    await expect(page.getByLabel(/^Project name/).getAttribute('aria-required')).resolves.toBe('true');
  });
});
