/**
 * The chat and the move dialog promise a talent advocate only when the project has one, at 1440×900 and 390×844:
 * without one, a company user's message goes to every admin (backend/features/chat/followUp.ts), so the widget says
 * "Our team answers here" and a hidden candidate's move "Our team can reach them for you"; with one, both name them.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { startE2E, type E2E } from '../helpers/e2e';
import { boardProject } from '../helpers/projectsE2E';

const SIZES = [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
];
const OWNER = 'owner@acme.example.com';

let e2e: E2E;
let advocateId: number;

beforeAll(async () => {
  e2e = await startE2E();
  advocateId = (await e2e.db.knex('admins').where('email', 'advocate@example.com').first('id')).id as number;
});

const row = (page: Page, guid: string) => page.locator(`[data-testid="pipeline-row"][data-guid="${guid}"]`);

/** A saved-search project of Acme that finds one hidden candidate by a job title only they look for. */
async function projectWithHidden(title: string, offset: number, advocate: number | null) {
  const knex = e2e.db.knex;
  const [jobTitle] = await knex('job_titles')
    .insert({ name: `Okapi groomer ${title}` })
    .returning('id');
  const hidden = await knex('candidates')
    .where({ status: 1, visibility: true })
    .whereNot('anonymous', true)
    .orderBy('id', 'desc')
    .offset(offset)
    .first('id', 'guid');
  await knex('candidates')
    .where('id', hidden.id)
    .update({ job_title_looking_for: [jobTitle.id], visibility: false });
  const project = await boardProject(
    e2e,
    OWNER,
    { title, current_url: `jt=${jobTitle.id}`, advocate_id: advocate },
    [],
    0,
  );
  return { project, hidden };
}

async function promises(size: { width: number; height: number }, title: string, offset: number, advocate: boolean) {
  const { project, hidden } = await projectWithHidden(title, offset, advocate ? advocateId : null);
  const page = await e2e.signIn(OWNER, size, `/project/${project.guid}`, { shared: true });

  await row(page, hidden.guid).getByTestId('candidate-menu').click();
  await page.getByRole('menuitem', { name: 'Move to Longlist' }).click();
  const stays = page.getByRole('dialog', { name: 'Move this anonymous candidate?' });
  const moveText = await stays.innerText();
  await stays.getByRole('button', { name: 'Cancel' }).click();
  await stays.waitFor({ state: 'hidden' });

  await page.getByRole('button', { name: /^Support chat/ }).click();
  const panel = page.getByRole('dialog', { name: `Support for ${title}` });
  await panel.getByText('Ask us anything about this project.').waitFor();
  return { moveText, chatText: await panel.innerText() };
}

describe.each(SIZES)('At $width×$height', (size) => {
  const k = SIZES.indexOf(size);

  it('A project with no advocate promises the team, not an advocate', async () => {
    const { moveText, chatText } = await promises(size, `No advocate ${size.width}`, 60 + 2 * k, false);
    expect(moveText).toContain('Our team can reach them for you.');
    expect(moveText).not.toMatch(/talent advocate/i);
    expect(chatText).toContain('Our team answers here.');
    expect(chatText).not.toMatch(/talent advocate/i);
  });

  it('A project with an advocate names them in both', async () => {
    const { moveText, chatText } = await promises(size, `With advocate ${size.width}`, 61 + 2 * k, true);
    expect(moveText).toMatch(/Your talent advocate, Priya( Raman)?, can reach them for you\./);
    expect(chatText).toMatch(/Your talent advocate, Priya( Raman)?, answers here\./);
  });
});
