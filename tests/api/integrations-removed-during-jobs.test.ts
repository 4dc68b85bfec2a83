/**
 * An integration removed while its sync waits on the vendor's list of open jobs (GET /jobs held at the Greenhouse
 * stand-in), then let through: the run ends quietly, with no syncFailed notification or email to the company about
 * an integration it has just removed, and nothing of it is left.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runSync } from '../../backend/features/integrations';
import { RUN_TRIGGER } from '../../schema/rules/ats';
import type { TestApp } from '../helpers/app';
import type { GreenhouseStandIn } from '../helpers/ats/greenhouse';
import { greenhouseConnected, type People } from '../helpers/ats/world';
import { runJobs } from '../helpers/jobs';

let t: TestApp;
let gh: GreenhouseStandIn;
let p: People;
let integrationId: number;

type Http = { status: number; body: unknown };
const ok = (res: Http, what: string) => expect(res.status, `${what}: ${JSON.stringify(res.body)}`).toBeLessThan(300);

beforeAll(async () => {
  ({ t, gh, p, integrationId } = await greenhouseConnected());
}, 120_000);
afterAll(async () => {
  await t?.knex.destroy();
});

/** syncFailed events the company's Owner has been told of. */
async function failureEvents(): Promise<number> {
  const res = await p.admin.get('/notifications?filter=all');
  const mine = (res.body.data as { kind: string; events: number }[]).filter((n) => n.kind === 'syncFailed');
  return mine.reduce((sum, n) => sum + n.events, 0);
}

const mails = async () => Number((await t.knex('outbox_emails').count<{ n: string }[]>({ n: '*' }))[0].n);

describe('An integration removed while its sync lists the open jobs', () => {
  it('ends the run quietly: no failure notice, no email', async () => {
    const [events, sent] = [await failureEvents(), await mails()];
    const listing = gh.hold('GET', /\/jobs$/);
    const running = runSync(t.knex, t.config, integrationId, RUN_TRIGGER.manual);
    for (let waited = 0; !listing.arrived() && waited < 10_000; waited += 25)
      await new Promise((r) => setTimeout(r, 25));
    expect(listing.arrived()).toBe(true);

    ok(await p.admin.delete(`/integrations/remove/${integrationId}`), 'remove');
    listing.release();
    await running;
    await runJobs(t);

    expect(await t.knex('integrations').where('id', integrationId)).toEqual([]);
    expect(await t.knex('integration_jobs').where('integration_id', integrationId)).toEqual([]);
    expect(await failureEvents()).toBe(events);
    expect(await mails()).toBe(sent);
  }, 60_000);
});
