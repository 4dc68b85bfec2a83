/**
 * An admin's search result actions name a hidden or anonymous candidate with the same marker as the card's 'Hidden'
 * chip: "Add to project: Eve Ng (hidden)" and the WhatsApp qualify button alike (spec §3: admins see such names
 * flagged, so they never show them by mistake); a public candidate's actions name them plainly.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { t } from '../../i18n';
import { startE2E, type E2E } from '../helpers/e2e';

let e2e: E2E;
let eve: { id: string; guid: string; first: string; last: string };

beforeAll(async () => {
  e2e = await startE2E();
  const { rows } = await e2e.db.knex.raw(`
    select c.id, c.guid, c.first_name as first, c.last_name as last
      from candidate_search_documents d
      join candidates c on c.id = d.id
     where d.status = 1 and c.visibility is true and c.anonymous is not true
       and length(c.first_name) >= 3 and c.last_name is not null
     order by c.id desc limit 1`);
  expect(rows.length, 'a visible demo candidate').toBe(1);
  eve = rows[0];
  await e2e.db.knex('candidates').where('id', eve.id).update({ anonymous: true });
});
afterAll(async () => {
  await e2e?.db.knex('candidates').where('id', eve.id).update({ anonymous: false });
});

async function settled(page: Page) {
  const query = new URL(page.url()).search.replace(/^\?/, '');
  await page.locator(`[data-testid="results"][data-answered="${query.replace(/"/g, '\\"')}"]`).waitFor();
}

describe("An admin's search result actions of a hidden candidate", () => {
  it("carry the card's marker in the add-to-project and qualify buttons' names", async () => {
    const page = await e2e.signIn('admin@example.com', undefined, `/search?ns=${encodeURIComponent(eve.first)}`);
    await settled(page);
    const card = page.locator(`[data-testid="result-card"][data-guid="${eve.guid}"]`);
    await card.waitFor();
    await card.getByTestId('result-hidden').waitFor();

    const marked = t('portal.projectsPortal.addToProject.hiddenName', { name: `${eve.first} ${eve.last}` });
    expect(marked).toContain('(hidden)');
    const add = await card.getByTestId('add-to-project').getAttribute('aria-label');
    expect(add).toBe(`${t('portal.projectsPortal.addToProject.button')}: ${marked}`);
    const qualify = await card.getByTestId('qualify-request').getAttribute('aria-label');
    expect(qualify).toBe(`${t('portal.interviews.qualify.action')}: ${marked}`);

    // A public candidate's actions in the same list name them without the marker.
    const others = page.locator(`[data-testid="result-card"]:not([data-guid="${eve.guid}"])`);
    if ((await others.count()) > 0) {
      const other = await others.first().getByTestId('add-to-project').getAttribute('aria-label');
      expect(other).not.toContain('(hidden)');
    }
  });
});
