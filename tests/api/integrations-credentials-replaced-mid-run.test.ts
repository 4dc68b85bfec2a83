/**
 * Credentials replaced while a sync with the old ones is under way, against the Workable stand-in: the run's call is
 * held at the vendor while the company's Admin gives the new token (the old one rotated in Workable), then let
 * through and refused (401). The refusal was of the old token: the integration stays connected, with no "connect it
 * again" email and no failure notice to its managers.
 */
import { describe, expect, it } from 'vitest';
import { runSync } from '../../backend/features/integrations';
import { INTEGRATION_STATUS, RUN_TRIGGER } from '../../schema/rules/ats';
import type { TestApp } from '../helpers/app';
import type { WorkableStandIn } from '../helpers/ats/workable';
import { connectedForFile, failureEvents, ok, outboxCount, workableConnected, type People } from '../helpers/ats/world';

let t: TestApp, ws: WorkableStandIn, p: People, integrationId: number;

connectedForFile(workableConnected, (made) => ({ t, ws, p, integrationId } = made));

describe('A sync refused with credentials replaced during it', () => {
  it('leaves the new credentials connected and tells nobody', async () => {
    const [events, sent] = [await failureEvents(p), await outboxCount(t)];
    const listing = ws.hold('GET', /\/jobs$/);
    const running = runSync(t.knex, t.config, integrationId, RUN_TRIGGER.manual);
    for (let waited = 0; !listing.arrived() && waited < 10_000; waited += 25)
      await new Promise((r) => setTimeout(r, 25));
    expect(listing.arrived()).toBe(true);

    // The key is rotated in Workable and the new one given here while the run's call waits.
    ws.token = 'workable-token-rotated';
    ok(await p.admin.put(`/integrations/credentials/${integrationId}`, { apiKey: ws.token }), 'replace credentials');
    const afterReplace = await outboxCount(t);
    listing.release();
    const runId = await running;

    // The run was refused with the old token; that is all it says.
    expect(await t.knex('integration_runs').where('id', runId).first('status')).toMatchObject({ status: 3 });
    const { status } = await t.knex('integrations').where('id', integrationId).first('status');
    expect(status).toBe(INTEGRATION_STATUS.connected);
    const integration = await p.admin.get(`/integrations/last-sync/${integrationId}`);
    expect(integration.body).toMatchObject({ authError: false });
    expect(await outboxCount(t)).toBe(afterReplace);
    expect(afterReplace).toBe(sent);
    expect(await failureEvents(p)).toBe(events);
  }, 60_000);
});
