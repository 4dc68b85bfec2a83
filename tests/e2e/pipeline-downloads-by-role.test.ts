/**
 * The board's candidate menu and the profile panel offer exactly the downloads the server allows the
 * viewer (spec section 6): a RaaS company the blind CV, which downloads, and neither the profile PDF
 * nor the CV; a company none of them. On a laptop and on a phone.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { storageFor } from '../../backend/adapters/storage/select';
import { pdfOf } from '../helpers/cvs';
import { downloaded, startE2E, type E2E } from '../helpers/e2e';
import { boardProject } from '../helpers/projectsE2E';

let e2e: E2E;
let candidate: { id: number; guid: string };

const LAPTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };
const REFUSED = ['Download profile', 'Download CV'];

beforeAll(async () => {
  e2e = await startE2E();
  [candidate] = await e2e.db
    .knex('candidates')
    .where({ status: 1, visibility: true })
    .whereNot('anonymous', true)
    .whereNot('first_name', '')
    .orderBy('id')
    .offset(3)
    .limit(1)
    .select('id', 'guid');
  // The candidate has a CV, as an admin uploads it; the blind CV is made from it and the profile.
  const key = await storageFor(e2e.config).put(
    await pdfOf(['Data Scientist', 'Summary', 'Pricing models for a marketplace.', 'Skills', 'Python, SQL']),
    { folder: 'cvs', ext: 'pdf' },
  );
  await e2e.db.knex('candidates').where('id', candidate.id).update({ resume_path: key, blind_resume_path: null });
});

const row = (page: Page) => page.locator(`[data-testid="pipeline-row"][data-guid="${candidate.guid}"]`);

/** Opens the candidate's menu on the board of `email`'s new project, where the candidate is at `stage`. */
async function menuOf(email: string, viewport: typeof LAPTOP, fields: Record<string, unknown>, stage: number) {
  const project = await boardProject(e2e, email, fields, [candidate], stage);
  const page = await e2e.signIn(email, viewport, `/project/${project.guid}?tab=${stage}`);
  await row(page).getByTestId('candidate-menu').click();
  const menu = page.getByRole('menu');
  await menu.getByRole('menuitem', { name: 'View profile' }).waitFor();
  return { page, menu };
}

describe('Downloads offered by role', () => {
  for (const [label, viewport] of [
    ['laptop', LAPTOP],
    ['phone', PHONE],
  ] as const)
    it(`A RaaS company is offered the blind CV, which downloads, and no refused download (${label})`, async () => {
      const { page, menu } = await menuOf(
        'owner@raas.example.com',
        viewport,
        { title: `RaaS downloads ${label}`, project_type: 2, plan: 2 },
        2,
      );
      for (const name of REFUSED) expect(await menu.getByRole('menuitem', { name, exact: true }).count(), name).toBe(0);
      const item = menu.getByRole('menuitem', { name: 'Download blind CV', exact: true });
      const box = await item.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= viewport.width).toBe(true);
      const [download] = await Promise.all([page.waitForEvent('download'), item.click()]);
      expect(download.suggestedFilename()).toMatch(/\.pdf$/);
      expect((await downloaded(download)).subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(await page.getByTestId('snackbar').count()).toBe(0);

      // The profile panel opened from the board offers the same.
      await row(page).getByTestId('candidate-menu').click();
      await page.getByRole('menuitem', { name: 'View profile' }).click();
      const panel = page.getByTestId('profile-panel');
      const blind = panel.getByRole('button', { name: 'Blind CV', exact: true });
      await blind.waitFor();
      for (const name of ['Profile PDF', 'CV'])
        expect(await panel.getByRole('button', { name, exact: true }).count(), name).toBe(0);
      const [again] = await Promise.all([page.waitForEvent('download'), blind.click()]);
      expect((await downloaded(again)).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    });

  it('A company user is offered no download the server refuses it, in the menu or the panel', async () => {
    const { page, menu } = await menuOf('owner@acme.example.com', LAPTOP, { title: 'Company downloads' }, 1);
    for (const name of [...REFUSED, 'Download blind CV'])
      expect(await menu.getByRole('menuitem', { name, exact: true }).count(), name).toBe(0);
    await menu.getByRole('menuitem', { name: 'View profile' }).click();
    const panel = page.getByTestId('profile-panel');
    // The profile is in: its name's heading.
    await panel.getByRole('heading', { level: 2 }).waitFor();
    for (const name of ['Profile PDF', 'CV', 'Blind CV'])
      expect(await panel.getByRole('button', { name, exact: true }).count(), name).toBe(0);
  });
});
