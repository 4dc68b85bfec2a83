/**
 * The support chat in real browsers: a company user writes from the project page's widget and the
 * project's advocate answers from the console's inbox, each conversation in a window of its own;
 * messages and unread counts arrive live on both sides, and the widget is nowhere but the project page.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { startE2E, type E2E } from '../helpers/e2e';
import { makeProject, type TestProject } from '../helpers/interviews';

let e2e: E2E;
let project: TestProject;

beforeAll(async () => {
  e2e = await startE2E();
  project = await makeProject(e2e.db.knex, { title: 'Chat: Staff engineer', advocateEmail: 'advocate@example.com' });
});

const write = async (page: Page, text: string) => {
  const box = page.getByRole('textbox', { name: 'Write a message' });
  await box.fill(text);
  await box.press('Enter');
};
const message = (page: Page, text: string) => page.getByTestId('chat-message').filter({ hasText: text });

describe('The support chat', () => {
  it('a company user and the advocate chat from two browsers, live, with unread counts and a window per conversation', async () => {
    const owner = await e2e.signIn('owner@acme.example.com', undefined, `/project/${project.guid}`);
    await owner.getByRole('button', { name: 'Support chat' }).click();
    await owner.getByRole('dialog', { name: 'Support for Chat: Staff engineer' }).waitFor();
    await write(owner, 'Hello, can we add a second opening?');
    await message(owner, 'Hello, can we add a second opening?').waitFor();

    const advocate = await e2e.signIn('advocate@example.com', undefined, '/admin/support-chat');
    const row = advocate.getByRole('button', { name: 'Open the conversation with Acme about Chat: Staff engineer' });
    await row.waitFor();
    const conversation = (await e2e.db.knex('conversations').where('project_id', project.id).first('id')).id as number;
    const rowItem = advocate.locator(`[data-testid="chat-inbox-row"][data-conversation="${conversation}"]`);
    await expect.poll(() => rowItem.getAttribute('data-unread')).toBe('1');

    // The company user writes again: the inbox counts it without a reload.
    await write(owner, 'And the budget is confirmed.');
    await expect.poll(() => rowItem.getAttribute('data-unread')).toBe('2');

    const [chatWindow] = await Promise.all([advocate.waitForEvent('popup'), row.click()]);
    await message(chatWindow, 'And the budget is confirmed.').waitFor();
    expect(await chatWindow.evaluate(() => window.name)).toBe(`chat-${conversation}`);
    expect(new URL(chatWindow.url()).pathname).toBe(`/admin/support-chat/${conversation}`);
    // Opened and visible, the conversation is read: the inbox's count goes to zero live.
    await expect.poll(() => rowItem.getAttribute('data-unread')).toBe('0');
    // The company user's widget shows that the advocate has seen the messages.
    await owner.getByTestId('chat-seen').waitFor();

    // A second click focuses the window already open rather than opening another.
    const pages = advocate.context().pages().length;
    await row.click();
    await advocate.waitForTimeout(500);
    expect(advocate.context().pages().length).toBe(pages);

    // Typing shows on the other side, then the answer arrives live.
    await chatWindow.getByRole('textbox', { name: 'Write a message' }).pressSequentially('Sure', { delay: 20 });
    await owner.getByTestId('chat-typing').waitFor();
    await chatWindow.getByRole('textbox', { name: 'Write a message' }).press('Enter');
    await message(owner, 'Sure').waitFor();

    // With the widget closed, the next answer shows as unread on its button.
    await owner.getByRole('button', { name: 'Close the chat' }).click();
    await write(chatWindow, 'I have updated the headcount.');
    await owner.getByRole('button', { name: /^Support chat ?, 1 unread$/ }).waitFor();
    await owner.getByRole('button', { name: /^Support chat ?, 1 unread$/ }).click();
    await message(owner, 'I have updated the headcount.').waitFor();
    await owner.getByRole('button', { name: 'Close the chat' }).click();
    await owner.getByRole('button', { name: 'Support chat', exact: true }).waitFor();
  });

  it('the widget is on the project page only: no other page shows it or loads its code', async () => {
    const owner = await e2e.signIn('owner@acme.example.com');
    const scripts: string[] = [];
    owner.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(r.url());
    });
    // Every page a company owner may open, the project list and the recruiter dashboard among them.
    const pages = [
      '/',
      '/search',
      '/projects',
      '/projects/dashboard',
      '/team',
      '/company-users',
      '/integrations',
      '/credits/company',
      '/account',
      '/my-profile',
    ];
    for (const path of pages) {
      await owner.goto(`${e2e.baseUrl}${path}`);
      await owner.getByRole('main').waitFor();
      await owner.waitForLoadState('networkidle');
      expect(await owner.getByTestId('support-chat').count(), path).toBe(0);
    }
    expect(scripts.filter((s) => /ChatWidget/.test(s))).toEqual([]);
    await owner.goto(`${e2e.baseUrl}/project/${project.guid}`);
    await owner.getByRole('button', { name: 'Support chat' }).waitFor();
    expect(scripts.filter((s) => /ChatWidget/.test(s)).length).toBe(1);
  });
});
