/**
 * A move the server refuses because someone else moved the candidate while it was in flight: the owner moves a
 * candidate on from the longlist, and before the server hears of it a platform admin rejects the candidate and the
 * owner's board reloads from the live update. The owner's move, which says it started in the longlist, is refused
 * with that reason, and the card ends where the server has it (the Rejected column), not back in the longlist.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { startE2E, type E2E } from '../helpers/e2e';
import { boardWithOne, type TestProject } from '../helpers/interviews';

let e2e: E2E;
let project: TestProject;
let person: { id: number; guid: string };

beforeAll(async () => {
  e2e = await startE2E();
  ({ project, person } = await boardWithOne(e2e.db.knex, 'Stale move board: Platform engineer'));
});

const column = (page: Page, stage: number) => page.locator(`[data-testid="board-column"][data-stage="${stage}"]`);
const cardIn = (page: Page, stage: number) => column(page, stage).locator(`[data-guid="${person.guid}"]`);

/** A call made by the page itself, with its session cookie. */
const post = (page: Page, path: string, body: unknown) =>
  page.evaluate(
    async ([p, b]) =>
      (
        await fetch(`/api/v1${p}`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify(b),
        })
      ).status,
    [path, body] as const,
  );

describe('A move someone else overtook', () => {
  it('is refused with the reason, and the card shows where the server has the candidate', async () => {
    const admin = await e2e.signIn('admin@example.com');
    const owner = await e2e.signIn('owner@acme.example.com', undefined, `/project/${project.guid}?view=board`);
    await owner.getByRole('heading', { name: 'Stale move board: Platform engineer' }).waitFor();
    await cardIn(owner, 1).waitFor();
    await expect.poll(() => owner.getByTestId('count-6').innerText()).toBe('0');

    // The owner's move waits on its way to the server until the admin's reject has reached the owner's board.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let sent!: () => void;
    const asked = new Promise<void>((resolve) => (sent = resolve));
    await owner.route('**/projects/recruitment', async (route) => {
      sent();
      await held;
      await route.continue();
    });
    await cardIn(owner, 1).getByTestId('candidate-menu').click();
    await owner.getByRole('menuitem', { name: 'Move to Shortlist', exact: true }).click();
    await asked;
    await cardIn(owner, 2).waitFor();

    expect(
      await post(admin, '/projects/recruitment', {
        projectId: `Project:${project.id}`,
        candidateId: `Candidate:${person.id}`,
        recruitmentStatus: 6,
        rejectFormData: { reason: 'Position filled' },
      }),
    ).toBe(200);
    // The owner's board reloaded from the live update (its counts say so) while the move is still in flight.
    await expect.poll(() => owner.getByTestId('count-6').innerText()).toBe('1');

    release();
    await expect
      .poll(() => owner.getByTestId('snackbar').innerText())
      .toContain('This candidate was moved by someone else meanwhile');
    await cardIn(owner, 6).waitFor();
    await expect(cardIn(owner, 1).count()).resolves.toBe(0);
    await expect(cardIn(owner, 2).count()).resolves.toBe(0);
    const row = await e2e.db
      .knex('project_candidates')
      .where({ project_id: project.id, candidate_id: person.id })
      .first('stage', 'rejected_from');
    expect(row).toEqual({ stage: 6, rejected_from: 1 });
  });
});
