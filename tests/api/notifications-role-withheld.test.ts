/**
 * A thread of a kind only some company roles receive (a failed ATS sync: the Owners and Admins who manage
 * integrations) is read only while its reader still holds such a role. An Admin made a Member no longer finds it in
 * their inbox, their unread count, a read-all or the live channel's catch-up, and their open bell is told to reload;
 * made an Admin again, they find it as it stood, unread.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, type Client } from '../helpers/actors';
import { testApp, type TestApp } from '../helpers/app';
import { atsStandIns } from '../helpers/ats/vendors';
import type { WorkableStandIn } from '../helpers/ats/workable';
import { workableRefused } from '../helpers/ats/world';
import { liveServer, socketOf, type LiveServer, type Message } from '../helpers/live';

let t: TestApp;
let s: LiveServer;
let ws: WorkableStandIn;
let owner: Client;
let member: Client;
let memberToken: string;
let memberId: number;
let thread: number;
/** The last live event before the sync failed: a socket resuming after it is sent what came since. */
let before: number;

interface Thread {
  id: number;
  kind: string;
  unread: boolean;
}

const setRole = async (companyRole: number) => {
  const res = await owner.put('/company-users/role', { users: [memberId], companyRole });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
};
const inbox = async (): Promise<Thread[]> => {
  const res = await member.get('/notifications?filter=all');
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as Thread[];
};
const unreadCount = async (): Promise<number> => (await member.get('/notifications/unread-count')).body.unreadCount;
const isSyncNotice = (m: Message) => m.type === 'event' && m.topic === 'notification' && m.kind === 'syncFailed';

beforeAll(async () => {
  t = await testApp();
  s = await liveServer(t);
  [ws] = await atsStandIns(t.config, ['workable'], { maxRetryWaitMs: 2000, retries: 2 });
  owner = client(t, await t.login('owner@acme.example.com'));
  memberToken = await t.login('member@acme.example.com');
  member = client(t, memberToken);
  memberId = (await t.knex('company_users').where('email', 'member@acme.example.com').first('id')).id;
  await setRole(1);
  before = Number((await t.knex('live_events').max('id as id').first())?.id ?? 0);
  await workableRefused(t, ws, owner);
  const synced = (await inbox()).filter((n) => n.kind === 'syncFailed');
  expect(synced).toEqual([expect.objectContaining({ unread: true })]);
  thread = synced[0].id;
}, 120_000);
afterAll(async () => {
  await s?.close();
  await t?.knex.destroy();
});

describe('A failed-sync thread of an Admin made a Member', () => {
  let countAsAdmin: number;

  it('is told to their open bell to reload when the Admin of their company makes them a Member', async () => {
    // Every project of the company is shared with it (rows written directly): the new role takes no project away.
    const { company_id: companyId } = await t.knex('company_users').where('id', memberId).first('company_id');
    await t.knex('projects').where('company_id', companyId).update({ shared_with_company: true });
    countAsAdmin = await unreadCount();
    expect(countAsAdmin).toBeGreaterThan(0);
    const sock = await socketOf(s, memberToken);
    try {
      await sock.next((m) => m.type === 'ready');
      await setRole(2);
      await sock.next((m) => m.type === 'event' && m.topic === 'notification' && m.kind === 'changed');
    } finally {
      sock.close();
    }
  });

  it('is no longer in their inbox, their unread count or their own thread’s route', async () => {
    expect((await inbox()).map((n) => n.id)).not.toContain(thread);
    expect(await unreadCount()).toBe(countAsAdmin - 1);
    expect((await member.get('/notifications?filter=unread')).body.unreadCount).toBe(countAsAdmin - 1);
    expect((await member.post(`/notifications/${thread}/read`, {})).status).toBe(404);
    expect((await member.post(`/notifications/${thread}/archive`, {})).status).toBe(404);
  });

  it('is not marked read by their read-all', async () => {
    const res = await member.post('/notifications/read-all', {});
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.unreadCount).toBe(0);
    expect((await t.knex('notifications').where('id', thread).first('unread')).unread).toBe(true);
  });

  it('is not in the live channel’s catch-up of a page that resumes from before the sync failed', async () => {
    const sock = await socketOf(s, memberToken, { after: before });
    try {
      await sock.next((m) => m.type === 'ready');
      expect(sock.received.filter(isSyncNotice)).toEqual([]);
    } finally {
      sock.close();
    }
  });

  it('is read by the company’s other Admin all along', async () => {
    const res = await owner.get('/notifications?filter=all');
    expect((res.body.data as Thread[]).filter((n) => n.kind === 'syncFailed')).toHaveLength(1);
  });

  it('is back, unread as it stood, once they are made an Admin again', async () => {
    await setRole(1);
    expect(await inbox()).toEqual(expect.arrayContaining([expect.objectContaining({ id: thread, unread: true })]));
    expect(await unreadCount()).toBe(1);
    const sock = await socketOf(s, memberToken, { after: before });
    try {
      await sock.next((m) => m.type === 'ready');
      expect(sock.received.filter(isSyncNotice).map((m) => m.subjectId)).toContain(thread);
    } finally {
      sock.close();
    }
  });
});
