/**
 * An access check of the live channel that fails (the session cannot be read) closes the sockets it concerned and is
 * logged by its kind, code and redacted message, never by the statement the query builder writes into its message:
 * not the session lookup, not the session's token hash.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { logger, errorForLog } from '../../backend/logger';
import { testApp, type TestApp } from '../helpers/app';
import { liveServer, socketOf, type LiveServer } from '../helpers/live';

let t: TestApp;
let s: LiveServer;

beforeAll(async () => {
  t = await testApp();
  s = await liveServer(t);
});
afterAll(async () => {
  vi.restoreAllMocks();
  await s?.close();
});

describe('A failed live access check in the log', () => {
  it('names the failure, not the session lookup or the token hash', async () => {
    const admin = await t.login('admin@example.com');
    const sock = await socketOf(s, admin);
    await sock.next((m) => m.type === 'ready');
    const session = await t.knex('sessions').orderBy('id', 'desc').first('id', 'token_hash');
    const warn = vi.spyOn(logger, 'warn');
    const closed = new Promise<number>((resolve) => sock.ws.once('close', (code) => resolve(code)));
    // The session cannot be read while its table is elsewhere; an access event about it asks for it.
    await t.knex.raw('alter table sessions rename to sessions_elsewhere');
    try {
      await t.knex('live_events').insert({ topic: 4, subject_id: session.id, kind: 'access.session' });
      expect(await closed).toBe(1011);
    } finally {
      await t.knex.raw('alter table sessions_elsewhere rename to sessions');
    }
    const lines = warn.mock.calls.map((args) =>
      JSON.stringify(args, (key, value) => (key === 'err' ? errorForLog(value) : value)),
    );
    const failed = lines.filter((line) => line.includes('live channel: access check failed'));
    expect(failed).toHaveLength(1);
    expect(failed[0]).toContain('42P01');
    for (const line of failed) {
      expect(line.toLowerCase()).not.toContain('select');
      expect(line).not.toContain(session.token_hash);
    }
  }, 20_000);
});
