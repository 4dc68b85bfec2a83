/**
 * The console's support chat under pressure: the inbox shows the latest filter's list even when an
 * earlier filter's answer comes back last, an admin takes an unassigned conversation from its window
 * ("Assign to me", then it is under Mine), and a failed resolve says so in its own words.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { seedConversation } from '../helpers/chat';
import { startE2E, type E2E } from '../helpers/e2e';
import { makeProject } from '../helpers/interviews';

let e2e: E2E;

beforeAll(async () => {
  e2e = await startE2E();
});

/** The conversation's own window (opened straight at its address, signed in at the console first: it has no menu). */
async function windowOf(conversation: number) {
  const page = await e2e.signIn('admin@example.com', undefined, '/admin/support-chat');
  await page.goto(`${e2e.baseUrl}/admin/support-chat/${conversation}`);
  return page;
}
const row = (title: string) => ({ name: `Open the conversation with Acme about ${title}` });

describe("The console's support chat", () => {
  it("shows the latest filter's conversations when an earlier filter's answer arrives last", async () => {
    const open = await makeProject(e2e.db.knex, { title: 'Inbox: Still open' });
    const resolved = await makeProject(e2e.db.knex, { title: 'Inbox: Already resolved' });
    await seedConversation(e2e.db.knex, open, ['Any news?']);
    await seedConversation(e2e.db.knex, resolved, ['All done.'], { status: 'resolved' });

    const admin = await e2e.signIn('admin@example.com', undefined, null);
    // The first list (the open conversations) is slow to come back: the admin picks Resolved meanwhile.
    let slowAnswered!: () => void;
    const slowDone = new Promise<void>((resolve) => (slowAnswered = resolve));
    await admin.route(/\/api\/v1\/conversations\?(.*&)?status=open/, async (route) => {
      await new Promise((r) => setTimeout(r, 1500));
      await route.continue().catch(() => undefined);
      slowAnswered();
    });
    await admin.goto(`${e2e.baseUrl}/admin/support-chat`);
    await admin.getByRole('button', { name: 'Resolved', exact: true }).click();
    await admin.getByRole('button', row('Inbox: Already resolved')).waitFor();
    await slowDone;
    await admin.waitForTimeout(500);
    expect(await admin.getByRole('button', row('Inbox: Still open')).count()).toBe(0);
    expect(await admin.getByRole('button', row('Inbox: Already resolved')).count()).toBe(1);
  });

  it('lets an admin assign an unassigned conversation to themself, which then shows under Mine', async () => {
    const project = await makeProject(e2e.db.knex, { title: 'Inbox: Nobody yet' });
    const conversation = await seedConversation(e2e.db.knex, project, ['Who looks after us?'], { assigneeId: null });
    const me = await e2e.db.knex('admins').where('email', 'admin@example.com').first('id', 'first_name', 'last_name');
    const name = [me.first_name, me.last_name].filter(Boolean).join(' ');

    const chatWindow = await windowOf(conversation);
    await chatWindow.getByText('Assignee: Unassigned').waitFor();
    await chatWindow.getByRole('button', { name: 'Assign to me' }).click();
    await chatWindow.getByText(`Assignee: ${name}`).waitFor();
    expect(await chatWindow.getByRole('button', { name: 'Assign to me' }).count()).toBe(0);
    expect((await e2e.db.knex('conversations').where('id', conversation).first('assignee_id')).assignee_id).toBe(me.id);

    await chatWindow.goto(`${e2e.baseUrl}/admin/support-chat`);
    await chatWindow.getByRole('combobox', { name: /^Assignee/ }).click();
    await chatWindow.getByRole('option', { name: 'Mine' }).click();
    await chatWindow.getByRole('button', row('Inbox: Nobody yet')).waitFor();
  });

  it('says in its own words that a resolve failed', async () => {
    const project = await makeProject(e2e.db.knex, { title: 'Inbox: Resolve fails' });
    const conversation = await seedConversation(e2e.db.knex, project, ['Thanks, that is all.']);
    const chatWindow = await windowOf(conversation);
    await chatWindow.route(`**/api/v1/conversations/${conversation}`, (route) =>
      route.request().method() === 'PATCH'
        ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"success":false}' })
        : route.continue(),
    );
    await chatWindow.getByRole('button', { name: 'Mark resolved' }).click();
    await chatWindow.getByText('Could not change the conversation.').waitFor();
    expect(await chatWindow.getByText('Could not send your message.').count()).toBe(0);
  });
});
