/**
 * Pausing a RaaS company's Power project says that it keeps renewing: the renewal job charges every
 * open Power project, paused ones too, so the confirmation names the renewal's credits, its cycle
 * and the next renewal's day (written as the product writes dates). A normal company's project
 * keeps the plain message.
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

/** The project's settings opened from the projects list, and its pause confirmation. */
async function pauseDialog(email: string, title: string) {
  const page = await e2e.signIn(email, { width: 1440, height: 900 }, `/projects?q=${encodeURIComponent(title)}`);
  await row(page, title).getByTestId('project-actions').click();
  await page.getByRole('menuitem', { name: 'Settings' }).click();
  await page.getByTestId('project-settings').getByTestId('lifecycle-pause').click();
  const dialog = page.getByRole('dialog', { name: 'Pause this project?' });
  await dialog.waitFor();
  return { page, dialog };
}

describe('Pausing a Power project', () => {
  it("A RaaS Power project's pause confirmation says the renewal goes on, with the next renewal's day", async () => {
    const cycleEnds = new Date(Date.now() + 12 * 86_400_000);
    await boardProject(
      e2e,
      'owner@raas.example.com',
      {
        title: 'Pause renewal test',
        project_type: 2,
        plan: 2,
        cycle_ends_at: cycleEnds,
      },
      [],
      2,
    );
    const { page, dialog } = await pauseDialog('owner@raas.example.com', 'Pause renewal test');
    const text = await dialog.innerText();
    expect(text).toContain('The pipeline stays as it is; resume the project any time.');
    expect(text).toContain(
      `A paused Power project keeps renewing: ${PLAN_CHARGES.renewal} credit every ${PROJECT_CYCLE_DAYS} days, the next renewal on ${formatDate(cycleEnds.toISOString())}.`,
    );
    await page.close();
  });

  it("A normal company's project keeps the plain message", async () => {
    await boardProject(e2e, 'owner@acme.example.com', { title: 'Pause plain test' }, [], 2);
    const { dialog } = await pauseDialog('owner@acme.example.com', 'Pause plain test');
    const text = await dialog.innerText();
    expect(text).toContain('The pipeline stays as it is; resume the project any time.');
    expect(text).not.toContain('renew');
  });
});
