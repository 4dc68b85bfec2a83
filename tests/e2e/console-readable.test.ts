/**
 * The console in a person's words, in one signed-in page: a record's title names it (a choice by its
 * label, a day as the product writes it, the record a reference points at), JSON values read as
 * labelled parts, a correction of a choice field is applied with the field's own input (the value
 * the profile stores is sent), a call that gets no answer reads as the portal's message, and a delete
 * confirmation names the resource as its label does.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { DATA_RIGHTS_ACTIONS } from '../../schema/rules/dataRights';
import { followInApp, startE2E, type E2E } from '../helpers/e2e';

let e2e: E2E;
let candidateId: number;
let correctionId: number;
let logId: number;
let runId: number;
let lotId: number;
let acme: { name: string; userId: number; email: string };

beforeAll(async () => {
  e2e = await startE2E();
  const { knex } = e2e.db;
  candidateId = (await knex('candidates').where('email', 'candidate@example.com').first('id')).id;
  // The candidate asks for their status to read "Semi-active", in words as they typed them.
  [{ id: correctionId }] = await knex('data_corrections')
    .insert({ candidate_id: candidateId, field: 'status', proposed_value: 'Semi-active', note: 'I am only browsing' })
    .returning('id');
  [{ id: logId }] = await knex('data_rights_logs')
    .insert({
      candidate_id: candidateId,
      action: DATA_RIGHTS_ACTIONS.correctionRequested,
      actor_kind: 3,
      actor_id: candidateId,
      detail: JSON.stringify({ correctionId, field: 'status' }),
    })
    .returning('id');
  [{ id: runId }] = await knex('retention_runs')
    .insert({
      ran_at: '2026-12-02T03:00:00Z',
      counts: JSON.stringify({ inactiveReminded: 3, cvDrafts: 0 }),
      periods: JSON.stringify({ inactiveDays: 730 }),
    })
    .returning('id');
  const user = await knex('company_users')
    .join('companies', 'companies.id', 'company_users.company_id')
    .where('company_users.email', 'member@acme.example.com')
    .first('company_users.id', 'company_users.email', 'companies.id as companyId', 'companies.company_name as name');
  acme = { name: user.name, userId: user.id, email: user.email };
  [{ id: lotId }] = await knex('credit_lots')
    .insert({ company_id: user.companyId, quantity: 5, remaining: 5, expiry_date: '2027-12-31', source: 1 })
    .returning('id');
});

const open = async (page: Page, path: string) => {
  await followInApp(page, path);
  await page.waitForURL(`**${path}`);
};
const titled = (page: Page, title: string) => expect.poll(() => page.title()).toBe(`${title} | Talentbase`);

describe('The console reads as words', () => {
  it('titles, JSON values, a correction applied with its field, a network failure and a delete confirmation', async () => {
    const at = `/admin/data-corrections/${encodeURIComponent(`DataCorrection:${correctionId}`)}/show`;
    const page = await e2e.signIn('admin@example.com', undefined, at);
    await titled(page, 'Correction request: Status');

    // Apply offers the status as a choice, set to the candidate's words; a call with no answer reads as the portal's.
    await page.getByRole('button', { name: 'Apply' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Apply this correction' });
    await expect.poll(() => dialog.getByRole('combobox', { name: 'Status' }).textContent()).toBe('Semi-active');
    const applyPath = `**/api/v1/data-rights/corrections/*/apply`;
    await page.route(applyPath, (route) => route.abort('failed'));
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await dialog
      .getByText(
        'You seem to be offline or the connection dropped, so your change may not have been saved. Check, then try again.',
      )
      .waitFor();
    expect(await dialog.getByText('Failed to fetch').count()).toBe(0);
    await page.unroute(applyPath);
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await page.getByText('The correction is applied').waitFor();
    await expect
      .poll(async () => (await e2e.db.knex('candidates').where('id', candidateId).first('status')).status)
      .toBe(3);

    // The log's detail as labelled parts, its actor's kind by name.
    await open(page, '/admin/data-rights-logs');
    const row = page.getByRole('row').filter({ hasText: 'Correction requested' });
    await row.getByText(`Field: status, Correction: ${correctionId}`).waitFor();
    await row.getByText('Candidate', { exact: true }).waitFor();
    await open(page, `/admin/data-rights-logs/${encodeURIComponent(`DataRightsLog:${logId}`)}/show`);
    await titled(page, 'Data rights entry: Correction requested');

    await open(page, `/admin/retention-runs/${encodeURIComponent(`RetentionRun:${runId}`)}/show`);
    await titled(page, 'Retention run: 2 Dec 2026');
    await page.getByText('Inactive candidates reminded: 3').waitFor();
    await page.getByText('Inactive after (days): 730').waitFor();
    expect(await page.getByRole('main').textContent()).not.toContain('{');

    await open(page, `/admin/credits/${encodeURIComponent(`Credit:${lotId}`)}/show`);
    await titled(page, `Credit: ${acme.name}`);

    await open(page, `/admin/company-users/${encodeURIComponent(`User:${acme.userId}`)}/show`);
    // The confirmation names the record: Delete is pressed once the page shows it, as a person would.
    await page.getByRole('main').getByText(acme.email, { exact: true }).first().waitFor();
    await page.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog').getByText(`Delete company user ${acme.email}`, { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Cancel' }).click();
  });
});
