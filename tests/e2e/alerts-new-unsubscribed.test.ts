/**
 * An alert's "new" link (`?tab=0&new=1`) opened by someone with no alert on the project, or after turning it off there:
 * no endless "Loading the new candidates…", but a word that there are no new candidates to show them, and "Turn on
 * alerts" when they may.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { startE2E, type E2E } from '../helpers/e2e';

let e2e: E2E;
const OWNER = 'owner@acme.example.com';
const VIEWPORT = { width: 1440, height: 900 };

beforeAll(async () => {
  e2e = await startE2E();
});

async function unsubscribedProject() {
  const me = (await e2e.db.knex('company_users').where('email', OWNER).first('id', 'company_id')) as {
    id: number;
    company_id: number;
  };
  const jt = await e2e.db.knex('job_titles').orderBy('id').offset(40).first('id');
  const country = await e2e.db.knex('countries').orderBy('id').first('id');
  const [project] = await e2e.db
    .knex('projects')
    .insert({
      title: 'No alert here',
      company_id: me.company_id,
      owner_id: me.id,
      job_title_id: jt.id,
      countries: [country.id],
      headcount: 1,
      salary_min: 1000,
      salary_max: 2000,
      current_url: `jt=${jt.id}`,
    })
    .returning(['id', 'guid']);
  return project as { id: number; guid: string };
}

describe("The alert's new link without an alert", () => {
  it('says there is nothing new to show and offers to turn alerts on; the same after turning it off', async () => {
    const project = await unsubscribedProject();
    const page = await e2e.signIn(OWNER, VIEWPORT, `/project/${project.guid}?tab=0&new=1`, { shared: true });
    const none = page.getByTestId('alert-new-unsubscribed');
    await none.waitFor();
    expect(await none.textContent()).toContain('no new candidates to show you');
    expect(await page.getByTestId('alert-new-loading').count()).toBe(0);

    await none.getByRole('button', { name: 'Turn on alerts' }).click();
    const toggle = page.getByRole('switch', { name: 'Tell me about new candidates who match these filters' });
    await expect.poll(() => toggle.isChecked()).toBe(true);
    await expect.poll(() => none.count()).toBe(0);
    await page.locator('[data-testid="alert-new-cards"], [data-testid="alert-new-empty"]').first().waitFor();

    await toggle.click();
    await expect.poll(() => toggle.isChecked()).toBe(false);
    await none.waitFor();
    expect(await page.getByTestId('alert-new-loading').count()).toBe(0);
    expect(await page.getByTestId('alert-new-empty').count()).toBe(0);
  });
});
