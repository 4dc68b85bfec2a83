/**
 * What the search page's results and facets say must be true of them: an admin's result card marks a hidden or
 * anonymous candidate with the same 'Hidden' chip the AI match results show (spec §3: admins see their names with a
 * flag, so they never show them by mistake), and an estimated facet count, which may be too high as well as too low,
 * reads as approximate ('≈ 812', 'about 812 candidates'), never as a minimum ('812+'); an exact count stays plain.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { t } from '../../i18n';
import { startE2E, type E2E } from '../helpers/e2e';

let e2e: E2E;

beforeAll(async () => {
  e2e = await startE2E();
});

/** Waits until the results shown answer the URL's query. */
async function settled(page: Page) {
  const query = new URL(page.url()).search.replace(/^\?/, '');
  await page.locator(`[data-testid="results"][data-answered="${query.replace(/"/g, '\\"')}"]`).waitFor();
}

const card = (page: Page, guid: string) => page.locator(`[data-testid="result-card"][data-guid="${guid}"]`);

describe('Search results say what is true of them', () => {
  it("An admin's result card of an anonymous candidate carries the AI match results' 'Hidden' chip; a public one does not", async () => {
    const { rows } = await e2e.db.knex.raw(`
      select c.id, c.guid, c.first_name as first
        from candidate_search_documents d
        join candidates c on c.id = d.id
       where d.status = 1 and c.visibility is true and c.anonymous is not true
         and length(c.first_name) >= 3 and c.last_name is not null
       order by c.id limit 1`);
    expect(rows.length, 'a visible demo candidate').toBe(1);
    const [eve] = rows as { id: string; guid: string; first: string }[];
    await e2e.db.knex('candidates').where('id', eve.id).update({ anonymous: true });

    const page = await e2e.signIn('admin@example.com', undefined, `/search?ns=${encodeURIComponent(eve.first)}`);
    await settled(page);
    const eveCard = card(page, eve.guid);
    await eveCard.waitFor();
    // The same words as the AI match results' chip (portal/features/ai-match/MatchResults.tsx).
    const hidden = t('portal.aiMatchPage.hidden');
    expect(hidden).toBe('Hidden');
    await expect(eveCard.getByTestId('result-hidden').innerText()).resolves.toBe(hidden);
    await expect(eveCard.locator('h3').innerText()).resolves.toContain(hidden);

    // A public candidate's card in the same list has no marker.
    const others = page.locator(`[data-testid="result-card"]:not([data-guid="${eve.guid}"])`);
    if ((await others.count()) > 0) await expect(others.first().getByTestId('result-hidden').count()).resolves.toBe(0);
  });

  it("An estimated facet count reads as approximate ('≈ 812', 'about 812 candidates'), not as a minimum; an exact one stays plain", async () => {
    const page = await e2e.signIn('member@acme.example.com', undefined, null);
    let estimatedId = '';
    let exactId = '';
    await page.route('**/api/v1/search?*', async (route) => {
      const response = await route.fetch();
      const answer = await response.json();
      const skills = answer.facets?.s;
      if (skills?.options?.length) {
        skills.estimated = true;
        skills.options[0].count = 812;
        estimatedId = String(skills.options[0].id);
      }
      const types = answer.facets?.te;
      if (types?.options?.length) {
        types.estimated = false;
        types.options[0].count = 1234;
        exactId = String(types.options[0].id);
      }
      await route.fulfill({ response, json: answer });
    });
    await page.goto(`${e2e.baseUrl}/search`);
    await settled(page);
    expect(estimatedId, 'the answer has a skills facet').not.toBe('');

    const skills = page.getByTestId('filter-s');
    const counts = skills.getByTestId('facet-count');
    await counts.first().waitFor();
    const shown = await counts.first().innerText();
    expect(shown).not.toContain('+');
    expect(shown.replace(/\s+/g, ' ')).toContain('≈ 812');
    // A screen reader hears the words, not the sign: the checkbox is named 'about 812 candidates'.
    await expect(skills.getByRole('checkbox', { name: /about 812 candidates/ }).count()).resolves.toBe(1);

    if (exactId) {
      const exact = page
        .getByTestId('filter-te')
        .getByTestId('facet-count')
        .filter({ hasText: /1\D?234/ });
      await expect(exact.innerText()).resolves.toMatch(/^1\D?234$/);
    }
  });
});
