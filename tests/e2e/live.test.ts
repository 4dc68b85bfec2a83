/**
 * The live channel in real browsers: a move made by one person appears on another person's open
 * board and its tab counts without a reload, and a candidate's answer to an interview request rings
 * the bell of the company user who has the portal open, and of the project's advocate in the console.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { listOutbox } from '../../backend/services/mail/outbox';
import { startE2E, type E2E } from '../helpers/e2e';
import { activeCandidates, addToProject, boardWithOne, makeProject, type TestProject } from '../helpers/interviews';
import { runJobs } from '../helpers/jobs';

let e2e: E2E;
let board: TestProject;
let mover: { id: number; guid: string };

beforeAll(async () => {
  e2e = await startE2E();
  ({ project: board, person: mover } = await boardWithOne(e2e.db.knex, 'Live board: Data engineer', {
    guaranteed_at: new Date(),
  }));
});

/** A call made by the page itself, with its session cookie, as the page's own buttons make it. */
const post = (page: Page, path: string, body: unknown) =>
  page.evaluate(
    async ([p, b]) => {
      const res = await fetch(`/api/v1${p}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(b),
      });
      return res.status;
    },
    [path, body] as const,
  );

describe('The live board', () => {
  it("a move by the admin shows on the company owner's open board and its tab counts without a reload", async () => {
    const owner = await e2e.signIn('owner@acme.example.com', undefined, `/project/${board.guid}?view=board`);
    await owner.getByRole('heading', { name: 'Live board: Data engineer' }).waitFor();
    const card = owner.locator(`[data-testid="board-column"][data-stage="1"] [data-guid="${mover.guid}"]`);
    await card.waitFor();
    await expect(owner.getByTestId('count-2').innerText()).resolves.toBe('0');
    // The page is not reloaded: a mark on its window survives.
    await owner.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));

    const admin = await e2e.signIn('admin@example.com');
    expect(
      await post(admin, '/projects/recruitment', {
        projectId: `Project:${board.id}`,
        candidateId: [`Candidate:${mover.id}`],
        recruitmentStatus: 2,
      }),
    ).toBe(200);
    await owner.locator(`[data-testid="board-column"][data-stage="2"] [data-guid="${mover.guid}"]`).waitFor();
    await expect.poll(() => owner.getByTestId('count-2').innerText()).toBe('1');
    await expect(owner.getByTestId('count-1').innerText()).resolves.toBe('0');
    expect(await owner.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
  });
});

describe('Notifications', () => {
  let project: TestProject;
  let candidate: number;

  beforeAll(async () => {
    project = await makeProject(e2e.db.knex, {
      title: 'Live answers: Platform lead',
      advocateEmail: 'advocate@example.com',
    });
    [candidate] = await activeCandidates(e2e.db.knex, 1, { skip: 120 });
    await addToProject(e2e.db.knex, project, [candidate], 2);
  });

  it("a candidate's answer to an interview request rings the owner's bell live, and the thread opens the project", async () => {
    const owner = await e2e.signIn('owner@acme.example.com', undefined, `/projects`);
    const bell = owner.getByTestId('notification-bell');
    await bell.waitFor();
    const before = await e2e.db
      .knex('notifications')
      .where({ recipient_kind: 2 })
      .where('unread', true)
      .count('* as n')
      .first();
    expect(Number(before?.n ?? 0)).toBe(0);

    expect(
      await post(owner, '/projects/candidate/interview/request', {
        projectId: `Project:${project.id}`,
        candidateId: [`Candidate:${candidate}`],
        requestAction: 'request_interview',
      }),
    ).toBe(201);
    await runJobs({ url: e2e.db.url, config: e2e.config });
    const email = (await e2e.db.knex('candidates').where('id', candidate).first('email')).email as string;
    const [mail] = await listOutbox(e2e.db.knex, email, 1);
    const token = /irt=([\w-]+)/.exec(mail.text)?.[1];
    expect(token, mail.text).toBeTruthy();

    // The candidate accepts from their own browser.
    const phone = await e2e.newPage();
    await phone.goto(`${e2e.baseUrl}/interview-request?irt=${token}&av=approve&m=email`);
    await phone.getByRole('button', { name: 'Accept the interview' }).click();
    await phone.getByText('Thank you, your answer is sent').waitFor();

    await owner.getByRole('button', { name: 'Notifications, 1 unread' }).waitFor();
    await expect(owner.getByTestId('notification-count').innerText()).resolves.toBe('1');
    await bell.click();
    const thread = owner.getByRole('button', {
      name: /accepted the interview request for Live answers: Platform lead/,
    });
    await thread.waitFor();
    await thread.click();
    await owner.waitForURL(`**/project/${project.id}`);
    await owner.getByRole('button', { name: 'Notifications, 0 unread' }).waitFor();

    // The project's advocate sees it on the console's bell.
    const advocate = await e2e.signIn('advocate@example.com', undefined, '/admin');
    await advocate.getByRole('button', { name: 'Notifications, 1 unread' }).waitFor();
  });
});
