/**
 * Cancelling a RaaS Power project now says what it costs (spec section 4: activating a project deducts 1 credit, so
 * reopening is a new activation): the paid days left, to the cycle's end, are lost, and reactivating it later costs
 * PLAN_CHARGES.activation credit for a new cycle. Both the cancel dialog's "Now" choice and the "Cancel now"
 * confirmation of a project set to end with its cycle say it, on a desktop and on a phone.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { PLAN_CHARGES, PROJECT_CYCLE_DAYS } from '../../schema/rules/credits';
import { formatDate } from '../../schema/rules/dates';
import { startE2E, type E2E } from '../helpers/e2e';
import { boardProject, row } from '../helpers/projectsE2E';

let e2e: E2E;

beforeAll(async () => {
  e2e = await startE2E();
});

const SIZES = [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
];

describe('Cancelling a Power project now', () => {
  it('says the paid days left are lost and reopening costs a new activation, on both screens', async () => {
    const cycleEnds = new Date(Date.now() + 12 * 86_400_000);
    const power = { project_type: 2, plan: 2, cycle_ends_at: cycleEnds };
    await boardProject(e2e, 'owner@raas.example.com', { ...power, title: 'Cancel words test' }, [], 2);
    await boardProject(
      e2e,
      'owner@raas.example.com',
      { ...power, title: 'Cancel now words test', cancel_at_cycle_end: true },
      [],
      2,
    );
    const lost = `The paid days left in its cycle (to ${formatDate(cycleEnds.toISOString())}) are lost`;
    const costs = `costs ${PLAN_CHARGES.activation} credit for a new ${PROJECT_CYCLE_DAYS}-day cycle`;
    for (const size of SIZES) {
      const page = await e2e.signIn('owner@raas.example.com', size, '/projects?q=words%20test');
      await row(page, 'Cancel words test').getByTestId('project-actions').click();
      await page.getByRole('menuitem', { name: 'Settings' }).click();
      await page.getByTestId('project-settings').getByTestId('lifecycle-cancel').click();
      const cancel = page.getByRole('dialog', { name: 'Cancel this Power project?' });
      await cancel.getByRole('radio', { name: /^Now:/ }).waitFor({ state: 'attached' });
      const label = await cancel.innerText();
      expect(label, `${size.width}`).toContain(
        `The paid days left (to ${formatDate(cycleEnds.toISOString())}) are lost`,
      );
      expect(label).toContain(`reactivating it later ${costs}`);
      await page.keyboard.press('Escape');
      await cancel.waitFor({ state: 'hidden' });

      await page.goto(`${new URL(page.url()).origin}/projects?q=words%20test`);
      await row(page, 'Cancel now words test').getByTestId('project-actions').click();
      await page.getByRole('menuitem', { name: 'Settings' }).click();
      await page.getByTestId('project-settings').getByTestId('lifecycle-cancelNow').click();
      const dialog = page.getByRole('dialog', { name: 'Cancel this project now?' });
      const text = await dialog.innerText();
      expect(text, `${size.width}`).toContain(lost);
      expect(text).toContain(`reactivating it later is a new activation that ${costs}`);
      await page.close();
    }
  });
});
