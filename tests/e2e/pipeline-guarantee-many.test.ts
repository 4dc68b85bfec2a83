/**
 * Guaranteeing several candidates at once on a RaaS company's Power project, past its free trial:
 * the dialog prices every guarantee (0.5 credit each, 1.5 for three), says when the balance does not
 * cover them all and then offers no way to start charging, so no credit moves and nobody is left
 * half-guaranteed; a balance that drops after the dialog opened is asked again before the first
 * charge; a balance that covers them all guarantees and moves all three.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { grantCredits } from '../../backend/features/credits';
import { startE2E, type E2E } from '../helpers/e2e';
import { boardProject } from '../helpers/projectsE2E';

let e2e: E2E;

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const row = (page: Page, guid: string) => page.locator(`[data-testid="pipeline-row"][data-guid="${guid}"]`);

beforeAll(async () => {
  e2e = await startE2E();
});

/** The RaaS company's balance set to `amount` (one lot), its free trial over. */
async function setBalance(companyId: number, amount: number): Promise<void> {
  const knex = e2e.db.knex;
  await knex('credit_lots').where('company_id', companyId).update({ remaining: 0 });
  await knex.transaction((trx) => grantCredits(trx, { companyId, amount, source: 'admin', actor: 'system' }));
}

const balanceOf = async (companyId: number) =>
  Number(
    (
      await e2e.db
        .knex('credit_lots')
        .where('company_id', companyId)
        .whereNull('deleted_at')
        .sum({ s: 'remaining' })
        .first()
    )?.s ?? 0,
  );

/** The three candidates' stages and guarantees, in id order. */
const states = (projectId: number, ids: number[]) =>
  e2e.db
    .knex('project_candidates')
    .where('project_id', projectId)
    .whereIn('candidate_id', ids)
    .orderBy('candidate_id')
    .select('stage', e2e.db.knex.raw('guaranteed_at is not null as guaranteed'));

async function powerProjectWithThree(title: string, offset: number) {
  const candidates = await e2e.db
    .knex('candidates')
    .where({ status: 1, visibility: true })
    .whereNot('anonymous', true)
    .orderBy('id')
    .offset(offset)
    .limit(3)
    .select('id', 'guid');
  // A RaaS company sees the second interview once one was scheduled.
  const project = await boardProject(
    e2e,
    'owner@raas.example.com',
    { title, project_type: 2, plan: 2 },
    candidates,
    7,
    true,
    { interview_scheduled_at: new Date() },
  );
  await e2e.db
    .knex('companies')
    .where('id', project.companyId)
    .update({ trial_ends_at: day(-1) });
  return { project, candidates, ids: candidates.map((c) => c.id) };
}

/** The owner's board on Interviewing 2 with the three selected, and the guarantee dialog opened from the bulk bar. */
async function openGuarantee(project: { guid: string }, candidates: { guid: string }[]) {
  const page = await e2e.signIn(
    'owner@raas.example.com',
    { width: 1440, height: 900 },
    `/project/${project.guid}?tab=7`,
  );
  for (const c of candidates) await row(page, c.guid).getByRole('checkbox').check();
  await page.getByTestId('bulk-bar').getByRole('button', { name: 'Move to Offered' }).click();
  const dialog = page.getByRole('dialog', { name: 'Guarantee 3 candidates?' });
  await dialog.waitFor();
  return { page, dialog };
}

describe('Guaranteeing several candidates at once', () => {
  it('With a balance of 1, three guarantees are priced 1.5 credits, the shortfall is said and nothing can be charged', async () => {
    const { project, candidates, ids } = await powerProjectWithThree('Guarantee three short', 20);
    await setBalance(project.companyId, 1);
    const { dialog } = await openGuarantee(project, candidates);
    await dialog.getByTestId('charge-short').waitFor();
    const text = await dialog.innerText();
    expect(text).toContain('1.5 credits');
    expect(text).toContain('Your balance is 1 credit,');
    const confirm = dialog.getByRole('button', { name: 'Guarantee 3 for 1.5 credits' });
    await expect(confirm.isDisabled()).resolves.toBe(true);
    // The way on without a guarantee stays open.
    await expect(dialog.getByRole('button', { name: 'Move without guarantee' }).isEnabled()).resolves.toBe(true);
    expect(await balanceOf(project.companyId)).toBe(1);
    expect(await states(project.id, ids)).toEqual(ids.map(() => ({ stage: 7, guaranteed: false })));
  });

  it('A balance that dropped after the dialog opened is asked again: nothing is charged; once covered, all three are guaranteed and moved', async () => {
    const { project, candidates, ids } = await powerProjectWithThree('Guarantee three covered', 24);
    await setBalance(project.companyId, 2);
    const { dialog } = await openGuarantee(project, candidates);
    await dialog.getByText('Your balance: 2 credits.').waitFor();
    await expect(dialog.getByTestId('charge-short').count()).resolves.toBe(0);

    // Spent elsewhere meanwhile: only two of the three could be paid now.
    await setBalance(project.companyId, 1);
    await dialog.getByRole('button', { name: 'Guarantee 3 for 1.5 credits' }).click();
    await expect(dialog.getByTestId('prompt-error').innerText()).resolves.toContain(
      'Not enough credits: this needs 1.5 and the balance is 1.',
    );
    expect(await balanceOf(project.companyId)).toBe(1);
    expect(await states(project.id, ids)).toEqual(ids.map(() => ({ stage: 7, guaranteed: false })));

    await setBalance(project.companyId, 2);
    await dialog.getByRole('button', { name: 'Guarantee 3 for 1.5 credits' }).click();
    await expect.poll(() => states(project.id, ids)).toEqual(ids.map(() => ({ stage: 4, guaranteed: true })));
    expect(await balanceOf(project.companyId)).toBe(0.5);
  });
});
