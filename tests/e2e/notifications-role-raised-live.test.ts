/**
 * A company user's open bell follows their role both ways: an Admin made a Member loses the thread of a project not
 * shared with them without a reload, and made an Admin again gets it back the same way (the live channel tells them
 * to reload their inbox on either change: projects/lostAccess.ts reloadChangingRole).
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { startE2E, type E2E } from '../helpers/e2e';
import { activeCandidates, addToProject, makeProject } from '../helpers/interviews';

let e2e: E2E;
const OWNER = 'owner@acme.example.com';
const MEMBER = 'member@acme.example.com';

beforeAll(async () => {
  e2e = await startE2E();
});

/** The owner sets the member's company role through the team's route. */
async function setRole(owner: Page, member: number, companyRole: number) {
  const res = await owner.request.put(`${e2e.baseUrl}/api/v1/company-users/role`, {
    data: { users: [`User:${member}`], companyRole },
    headers: { origin: e2e.baseUrl },
  });
  expect(res.status(), await res.text()).toBe(200);
}

describe('A company user demoted, then promoted back', () => {
  it("sees a project's thread leave their open bell, then come back, without a reload", async () => {
    const knex = e2e.db.knex;
    const member = ((await knex('company_users').where('email', MEMBER).first('id')) as { id: number }).id;
    await knex('company_users').where('id', member).update({ role: 1 });
    await knex('notifications').where({ recipient_kind: 2, recipient_id: member }).delete();
    const project = await makeProject(knex, { title: 'Role raised live: Data lead' });
    const [candidate] = await activeCandidates(knex, 1, { skip: 150 });
    await addToProject(knex, project, [candidate], 2);
    await knex('notifications').insert({
      recipient_kind: 2,
      recipient_id: member,
      kind: 6,
      subject_key: `projectCandidate:${project.id}:${candidate}`,
      title: 'A move in Role raised live: Data lead',
      link: `/project/${project.guid}`,
    });

    const page = await e2e.signIn(MEMBER, { width: 1440, height: 900 }, '/projects');
    await page.getByRole('button', { name: 'Notifications, 1 unread' }).click();
    const item = page.getByText('A move in Role raised live: Data lead');
    await item.waitFor();
    // Give the page's live connection its time to open, as it has on a page left open.
    await page.waitForTimeout(1500);

    const owner = await e2e.signIn(OWNER, undefined, null);
    await setRole(owner, member, 2);
    await item.waitFor({ state: 'detached', timeout: 10_000 });

    await setRole(owner, member, 1);
    await item.waitFor({ timeout: 10_000 });
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Notifications, 1 unread' }).waitFor({ timeout: 10_000 });
  });
});
