/**
 * A bulk guarantee refused half-way, in a real browser: the prompt stays open with the refusal, and
 * trying again guarantees only the candidates still to go (never the ones already guaranteed, which
 * the server would refuse), then moves them all.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { startE2E, type E2E } from '../helpers/e2e';
import { boardProject } from '../helpers/projectsE2E';

let e2e: E2E;

beforeAll(async () => {
  e2e = await startE2E();
});

describe('A bulk guarantee', () => {
  it('refused for the second candidate is retried for that one only, then the move goes through', async () => {
    const knex = e2e.db.knex;
    const candidates = await knex('candidates')
      .where({ status: 1, visibility: true })
      .whereNot('anonymous', true)
      .orderBy('id')
      .offset(8)
      .limit(2)
      .select('id', 'guid');
    expect(candidates).toHaveLength(2);
    const project = await boardProject(
      e2e,
      'owner@acme.example.com',
      { title: 'Guarantee retry project', plan: 2 },
      candidates,
      7,
      false,
    );
    const page = await e2e.signIn('owner@acme.example.com', undefined, `/project/${project.guid}?tab=7`);
    // The second guarantee request fails once, as a dropped connection would.
    const sent: string[] = [];
    await page.route('**/api/v1/projects/guarantee', async (route) => {
      sent.push(String((route.request().postDataJSON() as { candidateId: unknown }).candidateId));
      if (sent.length === 2)
        await route.fulfill({
          status: 503,
          contentType: 'application/json',
          body: '{"error":{"code":"errors.unavailable"}}',
        });
      else await route.continue();
    });
    const row = (guid: string) => page.locator(`[data-testid="pipeline-row"][data-guid="${guid}"]`);
    for (const c of candidates) await row(c.guid).getByRole('checkbox').check();
    await page.getByTestId('bulk-bar').getByRole('button', { name: 'Move to Offered' }).click();
    // Both are offered the guarantee at once; once the first is guaranteed, the prompt asks again for the second only.
    const both = page.getByRole('dialog', { name: 'Guarantee 2 candidates?' });
    await both.getByRole('button', { name: 'Guarantee the 2 candidates' }).click();
    await expect.poll(() => sent.length).toBe(2);
    const dialog = page.getByRole('dialog', { name: 'Guarantee this candidate?' });
    await expect.poll(async () => dialog.isVisible()).toBe(true);
    await dialog.getByRole('button', { name: 'Guarantee the candidate' }).click();
    const state = () =>
      knex('project_candidates')
        .where('project_id', project.id)
        .orderBy('candidate_id')
        .select('stage', knex.raw('guaranteed_at is not null as guaranteed'));
    await expect.poll(state).toEqual([
      { stage: 4, guaranteed: true },
      { stage: 4, guaranteed: true },
    ]);
    expect(sent).toEqual([sent[0], sent[1], sent[1]]);
    expect(new Set(sent).size).toBe(2);
  });
});
