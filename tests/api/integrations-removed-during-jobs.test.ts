/**
 * An integration removed while its sync waits on the vendor's list of open jobs (GET /jobs held at the Greenhouse
 * stand-in), then let through: the run ends quietly, with no syncFailed notification or email to the company about
 * an integration it has just removed, and nothing of it is left.
 */
import { describe, expect, it } from 'vitest';
import { runSync } from '../../backend/features/integrations';
import { RUN_TRIGGER } from '../../schema/rules/ats';
import type { TestApp } from '../helpers/app';
import type { GreenhouseStandIn } from '../helpers/ats/greenhouse';
import {
  connectedForFile,
  failureEvents,
  greenhouseConnected,
  ok,
  outboxCount,
  type People,
} from '../helpers/ats/world';
import { runJobs } from '../helpers/jobs';

let t: TestApp, gh: GreenhouseStandIn, p: People, integrationId: number;

connectedForFile(greenhouseConnected, (made) => ({ t, gh, p, integrationId } = made));

describe('An integration removed while its sync lists the open jobs', () => {
  it('ends the run quietly: no failure notice, no email', async () => {
    const [events, sent] = [await failureEvents(p), await outboxCount(t)];
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
    expect(await failureEvents(p)).toBe(events);
    expect(await outboxCount(t)).toBe(sent);
  }, 60_000);
});
