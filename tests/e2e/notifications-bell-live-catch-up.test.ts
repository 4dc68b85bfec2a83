/**
 * The bell keeps up in a real browser: a page whose first live connection was refused (its session held every
 * socket it may) shows what was raised meanwhile once it gets in; a Member unshared from a project sees its threads
 * leave their open bell without a reload; and "Load more" asks for the next page alone, a refresh for the pages
 * shown in one call.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { MAX_SOCKETS_PER_SESSION, raiseLive } from '../../backend/features/live';
import { startE2E, type E2E } from '../helpers/e2e';
import { activeCandidates, addToProject, makeProject } from '../helpers/interviews';

let e2e: E2E;
const OWNER = 'owner@acme.example.com';
const MEMBER = 'member@acme.example.com';

beforeAll(async () => {
  e2e = await startE2E();
});

const userId = async (email: string) =>
  ((await e2e.db.knex('company_users').where('email', email).first('id')) as { id: number }).id;

/** A fresh inbox for `email` holding `count` unread threads, the first the newest. */
async function threads(email: string, count: number, prefix: string) {
  const id = await userId(email);
  await e2e.db.knex('notifications').where({ recipient_kind: 2, recipient_id: id }).delete();
  if (!count) return id;
  await e2e.db.knex('notifications').insert(
    Array.from({ length: count }, (_, i) => ({
      recipient_kind: 2,
      recipient_id: id,
      kind: 6,
      subject_key: `${prefix}:${i}`,
      title: `${prefix} ${i + 1}`,
      link: '/dashboard',
      updated_at: new Date(Date.now() - i * 1000),
    })),
  );
  return id;
}

/** Opens live sockets of the page's session until the server refuses one; returns how many it holds. */
const fillSockets = (page: Page) =>
  page.evaluate(async (most) => {
    const held: WebSocket[] = [];
    for (let i = 0; i <= most; i++) {
      const ws = await new Promise<WebSocket | null>((resolve) => {
        const s = new WebSocket(`ws://${location.host}/api/v1/live`);
        s.onmessage = (m) => String(m.data).includes('"ready"') && resolve(s);
        s.onclose = () => resolve(null);
      });
      if (!ws) break;
      held.push(ws);
    }
    (window as unknown as { held: WebSocket[] }).held = held;
    return held.length;
  }, MAX_SOCKETS_PER_SESSION);

describe('A page whose first live connection was refused', () => {
  it('shows the notification raised while it waited, once it gets in', async () => {
    const id = await threads(OWNER, 0, 'Refused');
    const first = await e2e.signIn(OWNER, undefined, '/projects');
    await first.getByRole('button', { name: 'Notifications, 0 unread' }).waitFor();
    // The first page holds one socket; the rest of the session's are taken here.
    expect(await fillSockets(first)).toBe(MAX_SOCKETS_PER_SESSION - 1);

    const second = await first.context().newPage();
    try {
      const refused = new Promise<void>((resolve) =>
        second.on('websocket', (ws) => {
          ws.on('close', () => resolve());
          ws.on('socketerror', () => resolve());
        }),
      );
      await second.goto(`${e2e.baseUrl}/projects`);
      await second.getByRole('button', { name: 'Notifications, 0 unread' }).waitFor();
      await refused;

      // Raised while the second page has no live connection: no replay will bring it.
      const [thread] = (await e2e.db
        .knex('notifications')
        .insert({
          recipient_kind: 2,
          recipient_id: id,
          kind: 6,
          subject_key: 'refused:0',
          title: 'Raised while refused',
          link: '/dashboard',
        })
        .returning('id')) as { id: number }[];
      await raiseLive(e2e.db.knex, 'notification', thread.id, 'new');

      // A socket is freed: the second page gets in at its next try, and catches up.
      await first.evaluate(() => (window as unknown as { held: WebSocket[] }).held.pop()?.close());
      await second.getByRole('button', { name: 'Notifications, 1 unread' }).waitFor({ timeout: 30_000 });
    } finally {
      await first.evaluate(() => (window as unknown as { held: WebSocket[] }).held.forEach((ws) => ws.close()));
      await second.close();
    }
  });
});

describe('A Member unshared from a project', () => {
  it("sees the project's thread leave their open bell and list without a reload", async () => {
    const member = await threads(MEMBER, 0, 'Unshared');
    const project = await makeProject(e2e.db.knex, { title: 'Unshared live: Data lead' });
    await e2e.db
      .knex('projects')
      .where('id', project.id)
      .update({ shared_user_ids: [member] });
    const [candidate] = await activeCandidates(e2e.db.knex, 1, { skip: 140 });
    await addToProject(e2e.db.knex, project, [candidate], 2);
    await e2e.db.knex('notifications').insert({
      recipient_kind: 2,
      recipient_id: member,
      kind: 6,
      subject_key: `projectCandidate:${project.id}:${candidate}`,
      title: 'A move in Unshared live: Data lead',
      link: `/project/${project.guid}`,
    });

    const page = await e2e.signIn(MEMBER, undefined, '/projects');
    await page.getByRole('button', { name: 'Notifications, 1 unread' }).click();
    const item = page.getByText('A move in Unshared live: Data lead');
    await item.waitFor();
    // Give the page's live connection its time to open, as it has on a page left open.
    await page.waitForTimeout(1500);

    const owner = await e2e.signIn(OWNER, undefined, null);
    const res = await owner.request.post(`${e2e.baseUrl}/api/v1/project-share/access/user`, {
      data: { projectId: project.id, userId: `User:${member}`, accessType: 0 },
      headers: { origin: e2e.baseUrl },
    });
    expect(res.status(), await res.text()).toBe(200);

    await item.waitFor({ state: 'detached', timeout: 10_000 });
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Notifications, 0 unread' }).waitFor({ timeout: 10_000 });
  });
});

describe('Load more', () => {
  it('asks for the next page alone, and a refresh for the pages shown in one call', async () => {
    await threads(OWNER, 60, 'Paged');
    const page = await e2e.signIn(OWNER, undefined, '/projects');
    const lists: URL[] = [];
    page.on('request', (r) => {
      const url = new URL(r.url());
      if (r.method() === 'GET' && url.pathname === '/api/v1/notifications') lists.push(url);
    });
    await page.getByRole('button', { name: /^Notifications, 60 unread/ }).click();
    const rows = page.getByText(/^Paged \d+$/);
    await expect.poll(() => rows.count()).toBe(25);
    await page.getByTestId('notifications-load-more').click();
    await expect.poll(() => rows.count()).toBe(50);
    await page.getByTestId('notifications-load-more').click();
    await expect.poll(() => rows.count()).toBe(60);
    expect(lists.map((u) => u.searchParams.get('page'))).toEqual(['1', '2', '3']);

    // A live event refreshes the list: one call for the three pages shown.
    const asked = () => lists.map((u) => [u.searchParams.get('page'), u.searchParams.get('limit')]);
    lists.length = 0;
    const newest = await e2e.db.knex('notifications').where('subject_key', 'Paged:0').first('id');
    await raiseLive(e2e.db.knex, 'notification', newest.id, 'changed');
    await expect.poll(() => lists.length).toBe(1);
    await page.waitForTimeout(500);
    expect(asked()).toEqual([['1', '75']]);

    // Reading one refreshes it too (and its own live event again): each time one call, for the pages shown.
    lists.length = 0;
    await page.getByRole('button', { name: 'Mark as read' }).first().click();
    await expect.poll(() => rows.count()).toBe(59);
    await page.waitForTimeout(500);
    expect(lists.length).toBeGreaterThan(0);
    expect(asked().filter(([p, l]) => p !== '1' || l !== '75')).toEqual([]);
  });
});
