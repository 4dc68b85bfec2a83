/**
 * The portal's search page in a real browser against the real server: filters live in the URL and
 * survive reload, back and forward; a company user finds a candidate by skill and location and
 * opens the profile panel; only admins get the admin-only filters.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { startE2E, type E2E } from '../helpers/e2e';

let e2e: E2E;

beforeAll(async () => {
  e2e = await startE2E();
});

const signedIn = (...args: Parameters<E2E['signIn']>) => e2e.signIn(...args);

/** An active, visible candidate companies find, with a skill and a current city that is the first of its name. */
async function findable(): Promise<{ guid: string; name: string; skill: string; city: string }> {
  const { rows } = await e2e.db.knex.raw(`
    select c.guid, c.first_name || ' ' || c.last_name as name, s.name as skill, ci.name as city
      from candidate_search_documents d
      join candidates c on c.id = d.id
      join skills s on s.id = d.skill_ids[1]
      join cities ci on ci.id = d.current_location_id
     where d.status = 1 and c.visibility is true and c.anonymous is not true
       and ci.id = (select min(x.id) from cities x where x.name = ci.name)
       and (select count(*) from skills y where lower(y.name) = lower(s.name)) = 1
     order by c.id limit 1`);
  expect(rows.length, 'a findable demo candidate').toBe(1);
  return rows[0];
}

/**
 * Picks `text` in a filter's list and waits until the URL carries `param`. A list that is still answering the typed
 * text when the option is clicked can swap the option under the click: the pick is then made again, as a user would.
 */
async function pick(page: Page, filter: string, text: string, param: string) {
  const input = page.getByRole('combobox', { name: filter, exact: true });
  for (let attempt = 1; ; attempt++) {
    await input.fill(text);
    // A city's option carries its country's code: 'Singapore (SG)'.
    const name = new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( \\([A-Z]{2}\\))?$`);
    await page.getByRole('option', { name }).first().click();
    const picked = await page
      .waitForURL((url) => url.searchParams.has(param), { timeout: 10_000 })
      .then(() => true)
      .catch(() => false);
    if (picked) return;
    if (attempt >= 3) throw new Error(`${filter}: picking "${text}" never put ${param} in the URL`);
  }
}

/** Waits until the results shown answer the URL's query. */
async function settled(page: Page) {
  const query = new URL(page.url()).search.replace(/^\?/, '');
  await page.locator(`[data-testid="results"][data-answered="${query.replace(/"/g, '\\"')}"]`).waitFor();
}

const card = (page: Page, guid: string) => page.locator(`[data-testid="result-card"][data-guid="${guid}"]`);

describe('The search page', () => {
  it('A company user finds a candidate by skill and location, opens the profile panel, and the filters survive reload, back and forward', async () => {
    const who = await findable();
    const page = await signedIn('owner@acme.example.com', undefined, `/search`);
    await page.getByTestId('result-card').first().waitFor();
    await expect(page.getByTestId('admin-filters').count()).resolves.toBe(0);

    await pick(page, 'Skills', who.skill, 's');
    await pick(page, 'Current location', who.city, 'cl');
    await page.waitForURL((url) => url.searchParams.has('cl') && url.searchParams.has('s'));
    await settled(page);
    await card(page, who.guid).waitFor();
    // The card says why the candidate matched: the chosen skill and city.
    const why = await card(page, who.guid).getByTestId('matched').innerText();
    expect(why).toContain(who.skill);
    expect(why).toContain(who.city);
    await expect(page.getByTestId('active-filters').innerText()).resolves.toContain(who.city);
    expect(await page.getByTestId('showing').innerText()).toMatch(/^Showing 1–\d+ of [\d,]+/);

    await card(page, who.guid).getByRole('button').first().click();
    const panel = page.getByTestId('profile-panel');
    await panel.getByRole('heading', { name: who.name }).waitFor();
    await expect(panel.innerText()).resolves.toContain(who.skill);
    await page.getByRole('button', { name: 'Close' }).click();

    const filtered = page.url();
    await page.reload();
    await settled(page);
    await card(page, who.guid).waitFor();
    expect(page.url()).toBe(filtered);
    await expect(page.getByTestId('active-filters').innerText()).resolves.toContain(who.skill);

    await page.goBack();
    await page.waitForURL((url) => url.searchParams.has('s') && !url.searchParams.has('cl'));
    await page.getByTestId('active-filters').waitFor();
    await expect(page.getByTestId('active-filters').innerText()).resolves.not.toContain(who.city);
    await page.goForward();
    await page.waitForURL(filtered);
    await settled(page);
    await expect(page.getByTestId('active-filters').innerText()).resolves.toContain(who.city);
    await card(page, who.guid).waitFor();

    // One click removes a filter; 'Clear all' removes them all.
    await page.getByRole('button', { name: 'Clear all' }).click();
    await page.waitForURL(`${e2e.baseUrl}/search`);
    await expect.poll(() => page.getByTestId('active-filters').count()).toBe(0);
  });

  it("A visit that opens on /search or a project has the page's code and first answers announced with the page, and asks for each once", async () => {
    const page = await signedIn('owner@acme.example.com', undefined, null);
    const asked: string[] = [];
    page.on('request', (r) => asked.push(new URL(r.url()).pathname));
    const times = (path: string) => asked.filter((p) => p === path).length;

    const opened = await page.goto(`${e2e.baseUrl}/search`);
    const link = (await opened?.headerValue('link')) ?? '';
    expect(link).toMatch(/<\/assets\/SearchWithProjects-[\w-]+\.js>; rel=modulepreload/);
    expect(link).toContain('</api/v1/search?pp=20>; rel=preload; as=fetch; crossorigin=use-credentials');
    expect(link).toContain('</api/v1/alerts/mine>; rel=preload; as=fetch; crossorigin=use-credentials');
    expect(link).toContain('</api/v1/notifications/unread-count>; rel=preload; as=fetch; crossorigin=use-credentials');
    await page.getByTestId('result-card').first().waitFor();
    // The bell's count is announced with the page, and the bell takes that answer.
    await expect.poll(() => times('/api/v1/notifications/unread-count')).toBe(1);
    await page.waitForTimeout(500);
    expect(times('/api/v1/search')).toBe(1);
    expect(times('/api/v1/alerts/mine')).toBe(1);
    expect(times('/api/v1/notifications/unread-count')).toBe(1);
    // The page's code comes in six files, one on each of the six connections a browser opens to a host rather than
    // in waves of small ones: the entry, the texts, the page, its own parts, and what it shares with the other opening
    // pages (one file with all of them, one with the project page alone). The icon is in the page, not asked for.
    expect(asked.filter((p) => p.startsWith('/assets/') && p.endsWith('.js'))).toHaveLength(6);
    expect(asked.filter((p) => p.includes('favicon'))).toEqual([]);

    const { guid: id, title } = await e2e.db
      .knex('projects')
      .join('company_users', 'company_users.company_id', 'projects.company_id')
      .where('company_users.email', 'owner@acme.example.com')
      .orderBy('projects.id')
      .first('projects.guid', 'projects.title');
    asked.length = 0;
    // The project's address, as the portal's links write it.
    const project = await page.goto(`${e2e.baseUrl}/project/${id}`);
    expect(await project?.headerValue('link')).toContain(
      `</api/v1/projects/find/${id}>; rel=preload; as=fetch; crossorigin=use-credentials`,
    );
    expect(await project?.headerValue('link')).toContain(
      `</api/v1/alerts/projects/${id}>; rel=preload; as=fetch; crossorigin=use-credentials`,
    );
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    await page.getByRole('tab').first().waitFor();
    await expect.poll(() => times('/api/v1/projects/candidates/search') + times('/api/v1/projects/tab/search')).toBe(1);
    await page.waitForTimeout(500);
    expect(times(`/api/v1/projects/find/${id}`)).toBe(1);
    expect(times(`/api/v1/alerts/projects/${id}`)).toBe(1);
    // The workspace is drawn once: its candidates and their ATS statuses are asked for once each.
    expect(times('/api/v1/projects/candidates/search') + times('/api/v1/projects/tab/search')).toBe(1);
    expect(times('/api/v1/integrations/ats-status')).toBe(1);
  });

  it('Two filters picked before the page has drawn the first both stay', async () => {
    const page = await signedIn('owner@acme.example.com', undefined, `/search`);
    await page.getByTestId('result-card').first().waitFor();
    // A slow machine: the address changes at once, the page draws it a while later.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 8 });
    const types = page.getByTestId('filter-te');
    await types.getByText('Permanent', { exact: true }).click();
    await types.getByText('Contract', { exact: true }).click();
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    await page.waitForURL((url) => url.searchParams.getAll('te').join(',').split(',').length === 2);
    await settled(page);
    expect(new URL(page.url()).searchParams.getAll('te').join(',').split(',').sort()).toEqual(['1', '2']);
  });

  it('An admin sees the admin-only filters; a URL with them shows them to the admin as chips', async () => {
    const page = await signedIn('admin@example.com', undefined, `/search?ns=chl`);
    await page.getByTestId('admin-filters').waitFor();
    await expect(page.getByTestId('filter-ns').inputValue()).resolves.toBe('chl');
    await settled(page);
    await expect(page.getByTestId('active-filters').innerText()).resolves.toContain('Name: chl');
    await page.getByTestId('result-card').first().waitFor();
    for (const name of await page.getByTestId('result-card').locator('h3').allInnerTexts())
      expect(name.toLowerCase()).toContain('chl');
  });

  it('A company user with nothing found is told which filter to loosen, and loosening it finds candidates again; it works on a phone', async () => {
    const page = await signedIn('member@acme.example.com', { width: 390, height: 844 }, `/search?ts=zzqxv&ef=98`);
    const loosen = page.getByTestId('loosen');
    await loosen.waitFor();
    await loosen.getByRole('button', { name: /Remove Text: zzqxv/ }).click();
    await page.waitForURL((url) => !url.searchParams.has('ts'));
    await page.getByRole('button', { name: 'Filters' }).click();
    await page.getByTestId('filter-experience').waitFor();
    await expect(page.getByTestId('experience-from').inputValue()).resolves.toBe('98');
  });
});
