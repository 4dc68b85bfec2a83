/**
 * An admin moving an anonymous candidate on in a company's project, in a real browser: the admin sees the name, yet
 * the move reveals it to the company (spec section 4), so the board's card says the move reveals (the server's
 * `revealsOnMove`, the rule the move applies) and the warning before the move says so, rather than promising that
 * the candidate stays anonymous; once confirmed, the company sees who they are.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { startE2E, type E2E } from '../helpers/e2e';
import { boardProject, call } from '../helpers/projectsE2E';

let e2e: E2E;

const row = (page: Page, guid: string) => page.locator(`[data-testid="pipeline-row"][data-guid="${guid}"]`);

interface Card {
  id: string;
  name?: string | null;
  revealsOnMove?: boolean;
}

beforeAll(async () => {
  e2e = await startE2E();
});

describe("An admin's move of an anonymous candidate in a company's project", () => {
  it('warns that the move reveals the candidate to the company, then reveals them once confirmed', async () => {
    const candidate = (await e2e.db
      .knex('candidates')
      .where({ status: 1, anonymous: true, visibility: true })
      .orderBy('id', 'desc')
      .first('id', 'guid', 'first_name', 'last_name')) as {
      id: number;
      guid: string;
      first_name: string;
      last_name: string;
    };
    expect(candidate, 'an anonymous demo candidate').toBeDefined();
    const project = await boardProject(
      e2e,
      'owner@acme.example.com',
      { title: 'Admin reveal test project' },
      [candidate],
      0,
    );
    const cardId = `Candidate:${candidate.id}`;
    const page = await e2e.signIn('admin@example.com', undefined, `/project/${project.guid}`);
    await row(page, candidate.guid).waitFor();

    // The admin's board says the move reveals, as the server will.
    const board = await call(page, 'GET', `projects/candidates/search?project_id=${project.id}`);
    expect(board.status, JSON.stringify(board.body)).toBe(200);
    const card = (board.body.docs as Card[]).find((d) => d.id === cardId);
    expect(card?.revealsOnMove).toBe(true);

    await row(page, candidate.guid).getByTestId('candidate-menu').click();
    await page.getByRole('menuitem', { name: 'Move to Longlist', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Reveal this candidate?' });
    await dialog.waitFor({ timeout: 10_000 });
    await expect(page.getByRole('dialog', { name: 'Move this anonymous candidate?' }).count()).resolves.toBe(0);
    await expect(dialog.innerText()).resolves.toContain('reveals their name and contact details to the company');
    await dialog.getByRole('button', { name: 'Reveal and move' }).click();
    await expect
      .poll(() =>
        e2e.db
          .knex('project_candidates')
          .where({ project_id: project.id, candidate_id: candidate.id })
          .first('stage', e2e.db.knex.raw('revealed_at is not null as revealed')),
      )
      .toEqual({ stage: 1, revealed: true });

    // The company now sees who they are.
    const owner = await e2e.signIn('owner@acme.example.com');
    const longlist = await call(owner, 'GET', `projects/tab/search?project_id=${project.id}&tab=1`);
    expect(longlist.status, JSON.stringify(longlist.body)).toBe(200);
    const seen = (longlist.body.docs as Card[]).find((d) => d.id === cardId);
    expect(seen?.name).toBe(`${candidate.first_name} ${candidate.last_name}`.trim());
  });
});
