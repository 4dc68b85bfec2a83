/**
 * The support chat widget's harder moments: moving in the app from one project to another (the widget
 * follows the project, keeping nothing of the last one's conversation), a reader scrolled up to older
 * messages while new ones arrive (the thread stays put and offers "New messages"), and loads that fail
 * (a Retry, after which live updates flow; an older page that fails says so and can be asked again).
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { advocateWrites, seedConversation } from '../helpers/chat';
import { followInApp, startE2E, type E2E } from '../helpers/e2e';
import { makeProject, type TestProject } from '../helpers/interviews';

let e2e: E2E;
const make = (title: string) => makeProject(e2e.db.knex, { title, advocateEmail: 'advocate@example.com' });

beforeAll(async () => {
  e2e = await startE2E();
});

const message = (page: Page, text: string) => page.getByTestId('chat-message').filter({ hasText: text });
const thread = (page: Page) => page.getByRole('log', { name: 'Support chat' });
const write = async (page: Page, text: string) => {
  const box = page.getByRole('textbox', { name: 'Write a message' });
  await box.fill(text);
  await box.press('Enter');
};
/** How far (in pixels) the thread is from its bottom. */
const fromBottom = (page: Page) => thread(page).evaluate((el) => el.scrollHeight - el.scrollTop - el.clientHeight);
const messagesOf = async (project: TestProject) =>
  (
    await e2e.db
      .knex('chat_messages as m')
      .join('conversations as c', 'c.id', 'm.conversation_id')
      .where('c.project_id', project.id)
      .select('m.body')
  ).map((m) => m.body as string);

describe('The support chat widget', () => {
  it("follows the project on an in-app move: the next project's panel shows and writes to its own conversation", async () => {
    const first = await make('Chat: Data engineer');
    const second = await make('Chat: Designer');
    const owner = await e2e.signIn('owner@acme.example.com', undefined, `/project/${first.guid}`);
    await owner.getByRole('button', { name: 'Support chat' }).click();
    await write(owner, 'Hi about the data engineer');
    await message(owner, 'Hi about the data engineer').waitFor();

    await followInApp(owner, `/project/${second.guid}`);
    const panel = owner.getByRole('dialog', { name: 'Support for Chat: Designer' });
    const button = owner.getByRole('button', { name: 'Support chat', exact: true });
    await panel.or(button).first().waitFor();
    if (!(await panel.isVisible())) await button.click();
    await panel.getByText('Ask us anything about this project.').waitFor();
    expect(await message(owner, 'Hi about the data engineer').count()).toBe(0);

    await write(owner, 'Hi about the designer');
    await message(owner, 'Hi about the designer').waitFor();
    await expect.poll(() => messagesOf(second)).toEqual(['Hi about the designer']);
    expect(await messagesOf(first)).toEqual(['Hi about the data engineer']);
  });

  it('keeps a reader scrolled up where they are and offers the new messages, following only a reader at the bottom', async () => {
    const project = await make('Chat: Scrolling');
    const conversation = await seedConversation(
      e2e.db.knex,
      project,
      Array.from({ length: 40 }, (_, i) => `Earlier note ${i + 1}.`),
    );
    const owner = await e2e.signIn('owner@acme.example.com', undefined, `/project/${project.guid}`);
    await owner.getByRole('button', { name: /^Support chat/ }).click();
    await message(owner, 'Earlier note 40.').waitFor();
    await expect.poll(() => fromBottom(owner)).toBeLessThan(5);

    // The reader scrolls up to the first messages; one arrives: the thread stays where they read.
    await thread(owner).evaluate((el) => el.scrollTo({ top: 0 }));
    await expect.poll(() => thread(owner).evaluate((el) => el.scrollTop)).toBe(0);
    await advocateWrites(e2e.db.knex, conversation, ['A new answer while you read.']);
    await message(owner, 'A new answer while you read.').waitFor();
    const newMessages = owner.getByRole('button', { name: 'New messages' });
    await newMessages.waitFor();
    await owner.waitForTimeout(300);
    expect(await thread(owner).evaluate((el) => el.scrollTop)).toBe(0);

    // The button takes them down, and at the bottom the next message is followed.
    await newMessages.click();
    await expect.poll(() => fromBottom(owner)).toBeLessThan(5);
    await newMessages.waitFor({ state: 'detached' });
    await advocateWrites(e2e.db.knex, conversation, ['And one more.']);
    await message(owner, 'And one more.').waitFor();
    await expect.poll(() => fromBottom(owner)).toBeLessThan(5);
    expect(await newMessages.count()).toBe(0);
  });

  it('offers a Retry when the conversation fails to load, after which answers arrive live', async () => {
    const project = await make('Chat: Failing load');
    const conversation = await seedConversation(e2e.db.knex, project, ['Welcome aboard.']);
    const owner = await e2e.signIn('owner@acme.example.com', undefined, null);
    const projectConversation = /\/api\/v1\/projects\/[^/]+\/conversation(\?|$)/;
    await owner.route(projectConversation, (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"success":false}' }),
    );
    await owner.goto(`${e2e.baseUrl}/project/${project.guid}`);
    await owner.getByRole('button', { name: 'Support chat' }).click();
    const panel = owner.getByRole('dialog', { name: 'Support for Chat: Failing load' });
    await panel.getByText('Could not load the chat.').waitFor();

    await owner.unroute(projectConversation);
    await panel.getByRole('button', { name: 'Retry' }).click();
    await message(owner, 'Welcome aboard.').waitFor();
    expect(await panel.getByText('Could not load the chat.').count()).toBe(0);

    // Now subscribed to the conversation: a reply shows live, and as unread on the closed widget's button.
    await advocateWrites(e2e.db.knex, conversation, ['Your shortlist is ready.']);
    await message(owner, 'Your shortlist is ready.').waitFor();
    await owner.getByRole('button', { name: 'Close the chat' }).click();
    await advocateWrites(e2e.db.knex, conversation, ['One more candidate.']);
    await owner.getByRole('button', { name: /^Support chat ?, 1 unread$/ }).waitFor();
  });

  it('says when older messages fail to load, and loads them on Retry', async () => {
    const project = await make('Chat: Long history');
    await seedConversation(
      e2e.db.knex,
      project,
      Array.from({ length: 60 }, (_, i) => `History line ${i + 1}.`),
    );
    const owner = await e2e.signIn('owner@acme.example.com', undefined, `/project/${project.guid}`);
    await owner.getByRole('button', { name: /^Support chat/ }).click();
    await message(owner, 'History line 60.').waitFor();

    const olderPage = /\/api\/v1\/conversations\/\d+\?(.*&)?before=/;
    await owner.route(olderPage, (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"success":false}' }),
    );
    await owner.getByRole('button', { name: 'Show older messages' }).click();
    await owner.getByText('Could not load the older messages.').waitFor();
    expect(await message(owner, 'History line 1.').count()).toBe(0);

    await owner.unroute(olderPage);
    await owner.getByRole('button', { name: 'Retry' }).click();
    await message(owner, 'History line 1.').waitFor();
    expect(await owner.getByText('Could not load the older messages.').count()).toBe(0);
  });
});
