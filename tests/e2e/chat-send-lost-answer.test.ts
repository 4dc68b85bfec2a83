/**
 * A support-chat message whose answer is lost after the server stored it is sent once, in a real browser against the
 * real server: the message comes back by the live channel and the composer clears, with no error; and when nothing
 * comes back (the live channel quiet too), the composer says the connection dropped and keeps the text, and sending
 * it again stores no second copy: the same message is answered, shown once.
 */
import type { Page, Route } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedConversation } from '../helpers/chat';
import { startE2E, type E2E } from '../helpers/e2e';
import { makeProject, type TestProject } from '../helpers/interviews';

let e2e: E2E;
const make = (title: string) => makeProject(e2e.db.knex, { title, advocateEmail: 'advocate@example.com' });

beforeAll(async () => {
  e2e = await startE2E();
});

const message = (page: Page, text: string) => page.getByTestId('chat-message').filter({ hasText: text });
const composer = (page: Page) => page.getByRole('textbox', { name: 'Write a message' });
const stored = async (project: TestProject) =>
  (
    await e2e.db
      .knex('chat_messages as m')
      .join('conversations as c', 'c.id', 'm.conversation_id')
      .where('c.project_id', project.id)
      .orderBy('m.id')
      .select('m.body')
  ).map((m) => m.body as string);

/** The next post's answer is lost once the server has stored the message. */
async function loseNextPost(page: Page) {
  let lost = false;
  await page.route('**/api/v1/**/messages', async (route: Route) => {
    if (route.request().method() !== 'POST' || lost) return route.fallback();
    lost = true;
    await route.fetch();
    await route.abort('connectionreset');
  });
}

/** The project's chat opened; `quiet`: the live channel answers nothing (only the API shows new messages). */
async function openChat(project: TestProject, quiet = false) {
  await seedConversation(e2e.db.knex, project, ['How can we help?']);
  const page = await e2e.signIn('owner@acme.example.com', undefined, null);
  if (quiet) await page.routeWebSocket('**/api/v1/live**', () => undefined);
  await page.goto(`${e2e.baseUrl}/project/${project.guid}`);
  await page.getByRole('button', { name: /^Support chat/ }).click();
  await message(page, 'How can we help?').waitFor();
  return page;
}

describe('A chat message whose answer is lost', () => {
  it('clears the composer when the live channel brings it back, with no error', async () => {
    const project = await make('Chat: Lost answer');
    const page = await openChat(project);
    await loseNextPost(page);
    await composer(page).fill('hello');
    await composer(page).press('Enter');
    await message(page, 'hello').waitFor();
    await expect.poll(() => composer(page).inputValue()).toBe('');
    await page.waitForTimeout(300);
    expect(await page.getByRole('alert').count()).toBe(0);
    expect(await stored(project)).toEqual(['How can we help?', 'hello']);
  });

  it('says the connection dropped, and sending again stores no second copy', async () => {
    const project = await make('Chat: Lost answer, sent again');
    // The live channel answers nothing: only the repeat can show the message.
    const page = await openChat(project, true);
    try {
      await loseNextPost(page);
      await composer(page).fill('hello again');
      await composer(page).press('Enter');
      await page
        .getByRole('alert')
        .getByText(/You seem to be offline or the connection dropped/)
        .waitFor();
      expect(await composer(page).inputValue()).toBe('hello again');
      await expect.poll(() => stored(project)).toEqual(['How can we help?', 'hello again']);

      await composer(page).press('Enter');
      await message(page, 'hello again').waitFor();
      await expect.poll(() => composer(page).inputValue()).toBe('');
      expect(await message(page, 'hello again').count()).toBe(1);
      expect(await stored(project)).toEqual(['How can we help?', 'hello again']);
    } finally {
      await page.close();
    }
  });
});
