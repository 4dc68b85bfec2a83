/**
 * The team page with a pending invitee (invited, not yet accepted), whose role and status the server refuses to
 * change until they accept: the row menu offers only what works for them (resend, remove) and says why, a bulk
 * selection holding them says why instead of offering the changes, and a refusal the screen could not foresee (a
 * stale row) is toasted in the server's words, not as "Some fields need your attention".
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { startE2E, type E2E } from '../helpers/e2e';

const INVITEE = 'x@acme.example.com';
const MEMBER = 'member@acme.example.com';
const REASON = 'This user has not accepted the invitation yet';
const REFUSED = ['Make admin', 'Make member', 'Activate', 'Deactivate'];

let e2e: E2E;
let owner: Page;

const row = (page: Page, email: string) => page.locator(`[data-user-email="${email}"]`);
const select = (page: Page, email: string) => page.getByRole('checkbox', { name: `Select ${email}` }).check();

beforeAll(async () => {
  e2e = await startE2E();
  owner = await e2e.signIn('owner@acme.example.com', undefined, '/team');
  await owner.getByTestId('team-stats').waitFor();
  await owner.getByRole('button', { name: 'Invite member' }).click();
  const dialog = owner.getByRole('dialog', { name: 'Invite a colleague' });
  await dialog.getByLabel('Email').fill(INVITEE);
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(owner.getByTestId('snackbar').innerText()).resolves.toContain(`Invitation sent to ${INVITEE}`);
  await row(owner, INVITEE).getByText('Pending').waitFor();
});

describe('A pending invitee on the team page', () => {
  it('Their row menu offers resend and removal, no change the server refuses, and says why', async () => {
    await owner.getByRole('button', { name: `Actions for ${INVITEE}` }).click();
    const menu = owner.getByRole('menu');
    await menu.getByRole('menuitem', { name: 'Resend invitation' }).waitFor();
    await menu.getByRole('menuitem', { name: 'Remove from team' }).waitFor();
    for (const name of REFUSED)
      await expect(menu.getByRole('menuitem', { name, exact: true }).count(), name).resolves.toBe(0);
    await menu.getByText(REASON).waitFor();

    await menu.getByRole('menuitem', { name: 'Resend invitation' }).click();
    await expect.poll(() => owner.getByTestId('snackbar').innerText()).toContain('Invitation sent again');
  });

  it('A bulk selection holding them says why and offers no role or status change', async () => {
    await owner.goto(`${e2e.baseUrl}/team`);
    await select(owner, INVITEE);
    await select(owner, MEMBER);
    const bar = owner.getByTestId('bulk-bar');
    await bar.getByText('2 selected').waitFor();
    await bar.getByText(`1 selected user has not accepted the invitation yet`).waitFor();
    for (const name of REFUSED)
      await expect(bar.getByRole('button', { name, exact: true }).isDisabled(), name).resolves.toBe(true);

    // Without them, the changes are offered again.
    await owner.getByRole('checkbox', { name: `Select ${INVITEE}` }).uncheck();
    await expect.poll(() => bar.getByRole('button', { name: 'Make admin' }).isDisabled()).toBe(false);
    await expect(bar.getByText(/not accepted the invitation/).count()).resolves.toBe(0);
  });

  it('On a phone the bar wraps: every button of it can be reached inside the card', async () => {
    await owner.setViewportSize({ width: 390, height: 844 });
    try {
      await owner.goto(`${e2e.baseUrl}/team`);
      await select(owner, MEMBER);
      const bar = owner.getByTestId('bulk-bar');
      await bar.getByText('1 selected').waitFor();
      const edge = await bar.evaluate((el) => el.getBoundingClientRect().right);
      for (const name of [...REFUSED, 'Clear selection']) {
        const box = await bar.getByRole('button', { name, exact: true }).boundingBox();
        expect(box!.x + box!.width, name).toBeLessThanOrEqual(Math.min(edge, 390));
      }
    } finally {
      await owner.setViewportSize({ width: 1440, height: 900 });
    }
  });

  it('A change the server refuses for a row the screen showed otherwise is toasted with its reason', async () => {
    await owner.goto(`${e2e.baseUrl}/team`);
    await select(owner, MEMBER);
    // The member is pending by the time the change arrives (the screen is stale): the server refuses.
    await e2e.db.knex('company_users').where('email', MEMBER).update({ status: 0 });
    await owner.getByTestId('bulk-bar').getByRole('button', { name: 'Make admin' }).click();
    const toast = owner.getByTestId('snackbar');
    await expect(toast.innerText()).resolves.toContain(REASON);
    await expect(toast.innerText()).resolves.not.toContain('Some fields need your attention');
    await expect(e2e.db.knex('company_users').where('email', MEMBER).first('role')).resolves.toEqual({ role: 2 });
  });
});
