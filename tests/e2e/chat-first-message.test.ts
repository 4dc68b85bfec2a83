/**
 * The support chat widget misses nothing: a colleague's first message, which starts the project's
 * conversation while my widget is already on the page, shows in the thread without a reload (the project's 'conversationStarted' event), and when more than a page of messages arrives
 * at once the widget asks again until it has them all.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, it } from 'vitest';
import { CHAT_SIDE } from '../../schema/entities/chat/conversation';
import { LIVE_TOPIC } from '../../schema/entities/live/liveEvent';
import { startE2E, type E2E } from '../helpers/e2e';
import { makeProject, type TestProject } from '../helpers/interviews';

const LAPTOP = { width: 1440, height: 900 };

let e2e: E2E;
let project: TestProject;

beforeAll(async () => {
  e2e = await startE2E();
  project = await makeProject(e2e.db.knex, { title: 'Chat: Platform lead', advocateEmail: 'advocate@example.com' });
  // Shared with the whole company: the Member works on it too.
  await e2e.db.knex('projects').where('id', project.id).update({ shared_with_company: true });
});

const message = (page: Page, text: string) => page.getByTestId('chat-message').filter({ hasText: text });

/** The project page, once its widget has asked for the conversation and its live channel is open. */
async function projectPage(email: string): Promise<Page> {
  const page = await e2e.signIn(email, LAPTOP, null);
  const ready = new Promise<void>((resolve) => {
    page.on('websocket', (ws) =>
      ws.on('framereceived', (f) => {
        if (String(f.payload).includes('"type":"ready"')) resolve();
      }),
    );
  });
  const asked = page.waitForResponse(
    (r) => /\/api\/v1\/projects\/[^/]+\/conversation(\?|$)/.test(r.url()) && r.request().method() === 'GET',
  );
  await page.goto(`${e2e.baseUrl}/project/${project.guid}`);
  await page.getByRole('button', { name: 'Support chat' }).waitFor();
  await Promise.all([asked, ready]);
  return page;
}

describe('The support chat widget', () => {
  it("shows a colleague's first message live, then every message of a burst longer than a page", async () => {
    const owner = await projectPage('owner@acme.example.com');

    const member = await e2e.signIn('member@acme.example.com', LAPTOP, `/project/${project.guid}`);
    await member.getByRole('button', { name: 'Support chat' }).click();
    const box = member.getByRole('textbox', { name: 'Write a message' });
    await box.fill('Hello from a colleague');
    await box.press('Enter');
    await message(member, 'Hello from a colleague').waitFor();

    // No reload: the owner's widget, on the page before the conversation existed, shows it.
    await owner.getByRole('button', { name: 'Support chat' }).click();
    await message(owner, 'Hello from a colleague').waitFor();

    // 60 more of the colleague's arrive at once (more than the 50 of a page, and none unread for the owner, so no
    // read mark moves to ask again): one live event, and the widget asks until it has all.
    const conversation = (await e2e.db.knex('conversations').where('project_id', project.id).first('id')).id as number;
    const colleague = await e2e.db.knex('company_users').where('email', 'member@acme.example.com').first('id');
    await e2e.db.knex.transaction(async (trx) => {
      await trx('chat_messages').insert(
        Array.from({ length: 60 }, (_, i) => ({
          conversation_id: conversation,
          author_side: CHAT_SIDE.companyUser,
          author_id: colleague.id,
          author_name: 'Colleague',
          body: `Answer number ${i + 1}.`,
        })),
      );
      await trx('live_events').insert({ topic: LIVE_TOPIC.conversation, subject_id: conversation, kind: 'message' });
    });
    await message(owner, 'Answer number 60.').waitFor();
    await message(owner, 'Answer number 1.').waitFor();
  });
});
