/**
 * "Sync now" waits ATS_SYNC_COOLDOWN_MINUTES (5 by default) after the integration's last sync started: within it the
 * request is 429 in the error envelope, saying in how many minutes it can run, and queues nothing; after it a sync is
 * queued as before, one job under the integration's key however often it is asked before it starts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { atsConfig } from '../../backend/adapters/ats/config';
import { ApiError } from '../../ui/api/client';
import { errorMessage } from '../../ui/api/errors';
import type { TestApp } from '../helpers/app';
import { runJobs } from '../helpers/jobs';
import { workableConnected, type People } from '../helpers/ats/world';

let t: TestApp;
let p: People;
let id: number;

beforeAll(async () => {
  ({ t, p, integrationId: id } = await workableConnected());
  // The test app turns the cooldown off for files that sync again at once; this file has the production one.
  t.config.ats.syncCooldownMinutes = atsConfig().syncCooldownMinutes;
}, 120_000);
afterAll(async () => {
  await t?.knex.destroy();
});

const queued = async () =>
  Number((await t.knex('graphile_worker.jobs').where('key', `integration_sync:${id}`).count({ n: '*' }))[0].n);
const runs = async () => Number((await t.knex('integration_runs').where('integration_id', id).count({ n: '*' }))[0].n);
const startedAgo = (minutes: number) =>
  t
    .knex('integration_runs')
    .where('integration_id', id)
    .update({ started_at: new Date(Date.now() - minutes * 60_000) });

describe('Sync now after a sync started', () => {
  it('is by default 5 minutes', () => {
    expect(atsConfig().syncCooldownMinutes).toBe(5);
  });

  it('is refused within 5 minutes of the last start, saying when it can run, and queues nothing', async () => {
    expect(await runs()).toBe(1);
    const res = await p.admin.put(`/integrations/manual/sync/${id}`);
    expect(res.status).toBe(429);
    expect(res.body.error).toMatchObject({
      code: 'integrations.syncCooldown',
      message: 'A sync started less than 5 minutes ago. Sync now can run again in 5 minutes.',
    });
    const { started_at: started } = await t.knex('integration_runs').where('integration_id', id).first('started_at');
    expect(new Date(res.body.error.retryAt).getTime()).toBe(new Date(started).getTime() + 5 * 60_000);
    expect(await queued()).toBe(0);
    // The portal shows the envelope's message, whose minutes are filled in.
    const err = new ApiError(429, res.body.error.code, res.body.error.message);
    expect(errorMessage(err)).toBe(res.body.error.message);
  });

  it('names the minutes left as they pass', async () => {
    await startedAgo(3.5);
    const res = await p.admin.put(`/integrations/manual/sync/${id}`);
    expect(res.status).toBe(429);
    expect(res.body.error.message).toBe('A sync started less than 5 minutes ago. Sync now can run again in 2 minutes.');
  });

  it('runs once the cooldown is over, keeps one job however often asked, and is refused again after it starts', async () => {
    await startedAgo(6);
    expect((await p.admin.put(`/integrations/manual/sync/${id}`)).status).toBe(200);
    expect((await p.admin.put(`/integrations/manual/sync/${id}`)).status).toBe(200);
    expect(await queued()).toBe(1);
    await runJobs(t);
    expect(await runs()).toBe(2);
    const again = await p.admin.put(`/integrations/manual/sync/${id}`);
    expect(again.status).toBe(429);
    expect(await queued()).toBe(0);
  });
});
