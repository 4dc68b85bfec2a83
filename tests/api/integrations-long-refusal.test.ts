/**
 * A vendor's refusal with a long message still ends the run: the report (integration_runs.error, 500 characters)
 * keeps the product's sentence whole around the vendor's reason, and the failure notice's title and email subject
 * (300 characters each) cut that reason to fit, ending in '…', so no write fails for length: the run is failed, not
 * left running, and the integration page's last sync shows it. With Greenhouse's stand-in on loopback.
 */
import { describe, expect, it } from 'vitest';
import type { GreenhouseStandIn } from '../helpers/ats/greenhouse';
import { connectedForFile, greenhouseConnected, lastRun, ok, type People } from '../helpers/ats/world';
import type { TestApp } from '../helpers/app';
import { runJobs } from '../helpers/jobs';

let t: TestApp;
let gh: GreenhouseStandIn;
let p: People;
let id: number;

connectedForFile(greenhouseConnected, (made) => ({ t, gh, p, integrationId: id } = made));

const FAILED = 3;
const LONG = 'Your API key lacks the Harvest permission GET /v3/jobs. '.repeat(40).slice(0, 2000);

async function syncNow() {
  ok(await p.admin.put(`/integrations/manual/sync/${id}`), 'sync now');
  await runJobs(t);
  return lastRun(t, id);
}

describe('A vendor refusal with a 2,000-character message', () => {
  it('ends the run failed, its report the product sentence with the reason cut to the column', async () => {
    gh.fail('GET', /^\/v3\/jobs$/, { status: 403, body: { message: LONG } });
    const run = await syncNow();
    expect(run.status).toBe(FAILED);
    expect(run.finished_at).not.toBeNull();
    expect(run.error.length).toBeLessThanOrEqual(500);
    expect(run.error).toMatch(/^The ATS refused a call, a permission is missing: Your API key lacks/);
    expect(run.error).toMatch(/\. Grant it in the ATS, then sync again\.$/);
    const res = await p.admin.get(`/integrations/last-sync/${id}`);
    ok(res, 'last sync');
    expect(res.body.lastRun.error).toBe(run.error);
    // The managers are told with the reason, the title and the email's subject fitted to their columns.
    const told = await t.knex('notifications').where('subject_key', `integration:${id}:sync`).first('title');
    expect(told.title.length).toBeLessThanOrEqual(300);
    expect(told.title).toMatch(/^The Greenhouse sync failed: The ATS refused a call, a permission is missing: .*…$/);
    const mail = await t
      .knex('outbox_emails')
      .where('subject', 'like', 'Talentbase: The Greenhouse sync failed%')
      .first();
    expect(mail.subject.length).toBeLessThanOrEqual(300);
    expect(mail.subject).toMatch(/…$/);
  });

  it('ends a run whose vendor failed with a long message the same way', async () => {
    gh.fail('GET', /^\/v3\/jobs$/, { status: 500, body: { message: LONG } }, 2);
    const run = await syncNow();
    expect(run.status).toBe(FAILED);
    expect(run.error.length).toBeLessThanOrEqual(500);
    expect(run.error).toMatch(/^the ATS answered 500: Your API key lacks/);
  });
});
