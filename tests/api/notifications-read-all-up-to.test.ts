/**
 * "Mark all as read" reads what its reader was shown: with `upTo` (the newest update time the bell showed), a thread
 * raised again after the list was drawn stays unread, and the answer's count says so; a time stored to the
 * microsecond still counts as the millisecond the list showed. Without `upTo` (an API client) every unread thread is
 * read, as before; an `upTo` that is no time is refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pipelineWorld, type PipelineWorld } from '../helpers/pipeline';

let w: PipelineWorld;

beforeAll(async () => {
  w = await pipelineWorld();
}, 120_000);
afterAll(async () => {
  await w?.t.knex.destroy();
});

const thread = async (key: string, updatedAt: string | Date) => {
  const [row] = (await w
    .knex('notifications')
    .insert({
      recipient_kind: 2,
      recipient_id: w.people.owner,
      kind: 6,
      subject_key: `read-all-up-to:${key}`,
      title: `Up to ${key}`,
      link: '/dashboard',
      unread: true,
      updated_at: updatedAt,
    })
    .returning('id')) as { id: number }[];
  return row.id;
};
const unreadOf = async (ids: number[]) =>
  (await w.knex('notifications').whereIn('id', ids).where('unread', true).orderBy('id').pluck('id')) as number[];

describe('Mark all as read', () => {
  it('reads only the threads updated by the newest one shown', async () => {
    await w.knex('notifications').where({ recipient_kind: 2, recipient_id: w.people.owner }).delete();
    const older = await thread('older', '2026-01-01T09:00:00.000Z');
    // Stored to the microsecond: the list shows it as .123Z.
    const shown = await thread('shown', '2026-01-01T10:00:00.123456Z');
    const list = await w.as('company').get('/notifications?filter=unread').expect(200);
    const upTo = (list.body.data as { updatedAt: string }[])[0].updatedAt;
    expect(upTo).toBe('2026-01-01T10:00:00.123Z');

    // Raised again after the list was drawn: the reader never saw it.
    const raised = await thread('raised', new Date());
    const res = await w.as('company').post('/notifications/read-all', { upTo }).expect(200);
    expect(res.body).toMatchObject({ changed: 2, unreadCount: 1 });
    expect(await unreadOf([older, shown, raised])).toEqual([raised]);

    // Without upTo, as API clients call it: every unread thread.
    const all = await w.as('company').post('/notifications/read-all', {}).expect(200);
    expect(all.body).toMatchObject({ changed: 1, unreadCount: 0 });
    expect(await unreadOf([older, shown, raised])).toEqual([]);
  });

  it('refuses an upTo that is no time', async () => {
    const unread = await thread('kept', new Date());
    const res = await w.as('company').post('/notifications/read-all', { upTo: 'yesterday' });
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(await unreadOf([unread])).toEqual([unread]);
  });
});
