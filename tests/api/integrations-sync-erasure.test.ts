/**
 * A sync running while an admin erases one of its candidates, against the Greenhouse stand-in: the
 * run read the candidate before the erasure and is held up by the vendor (a 429 with Retry-After)
 * while the erasure commits; the erased person is not created in Greenhouse, gets no link and is
 * not named in the run log. And a vendor down for hours: the hourly scheduler queues a sync again
 * after each failed run, and the company's managers are told once, not once a run.
 */
import { describe, expect, it } from 'vitest';
import { LINK_KIND, RUN_TRIGGER } from '../../schema/rules/ats';
import { runSync } from '../../backend/features/integrations';
import type { TestApp } from '../helpers/app';
import type { GreenhouseStandIn } from '../helpers/ats/greenhouse';
import { connectedForFile, greenhouseConnected, lastRun, ok, type People } from '../helpers/ats/world';
import { activeCandidates, addToProject, makeProject } from '../helpers/interviews';
import { runJobs } from '../helpers/jobs';

const SHORTLIST = 2;
let t: TestApp, gh: GreenhouseStandIn, p: People, integrationId: number;

connectedForFile(greenhouseConnected, (made) => ({ t, gh, p, integrationId } = made));

describe('A sync during an erasure', () => {
  it('does not create, link or log a candidate erased after the run read them', async () => {
    const [a, x] = await activeCandidates(t.knex, 2, { skip: 820 });
    const person = async (id: number) =>
      (await t.knex('candidates').where('id', id).first('first_name', 'last_name', 'email')) as {
        first_name: string;
        last_name: string;
        email: string;
      };
    const [aWas, xWas] = [await person(a), await person(x)];
    const project = await makeProject(t.knex, { title: 'Erasure race hires' });
    await addToProject(t.knex, project, [a, x], SHORTLIST);
    ok(
      await p.admin.put(`/integrations/project-job/${integrationId}`, { projectId: project.id, jobId: '101' }),
      'link',
    );

    // The first create waits two seconds: the run has read both candidates and is held up on A.
    gh.fail('POST', /\/candidates$/, { status: 429, headers: { 'Retry-After': '2' }, body: {} }, 1);
    const running = runSync(t.knex, t.config, integrationId, RUN_TRIGGER.manual);
    await new Promise((r) => setTimeout(r, 300));
    const recorded = await p.platform.post('/data-rights/erasures', { candidateId: `Candidate:${x}` });
    ok(recorded, 'record the erasure');
    ok(await p.platform.post(`/data-rights/erasures/${recorded.body.id}/carry-out`, { early: true }), 'erase');
    const runId = await running;
    await runJobs(t);

    expect(gh.candidates.some((c) => c.email === aWas.email)).toBe(true);
    expect(gh.candidates.some((c) => c.email === xWas.email)).toBe(false);
    const links = await t
      .knex('integration_links as l')
      .join('project_candidates as pc', 'pc.id', 'l.local_id')
      .where({ 'l.integration_id': integrationId, 'l.local_kind': LINK_KIND.projectCandidate, 'pc.candidate_id': x });
    expect(links).toEqual([]);
    const run = await t.knex('integration_runs').where('id', runId).first();
    const logged = JSON.stringify(run.entries);
    expect(logged).toContain(`${aWas.first_name} ${aWas.last_name}`);
    expect(logged).not.toContain(`${xWas.first_name} ${xWas.last_name}`);
    expect(logged).not.toContain(xWas.email);
  }, 60_000);
});

describe('A vendor down for hours', () => {
  it('tells the managers once, not once per scheduled run', async () => {
    // The Owner's syncFailed thread: one per integration, each notification one more event.
    const events = async () => {
      const res = await p.admin.get('/notifications?filter=all');
      const mine = (res.body.data as { kind: string; events: number }[]).filter((n) => n.kind === 'syncFailed');
      return mine.reduce((sum, n) => sum + n.events, 0);
    };
    // Per manager: the failure is emailed to each whose syncFailed channel includes email, once.
    const mails = async () => {
      const rows = (await t.knex('outbox_emails').where('subject', 'like', '%Greenhouse%').select('to')) as {
        to: string;
      }[];
      const each = new Map<string, number>();
      for (const { to } of rows) each.set(to, (each.get(to) ?? 0) + 1);
      return each;
    };
    const [before, mailsBefore] = [await events(), await mails()];
    gh.fail('GET', /.*/, { status: 503, body: { error: 'Service unavailable' } }, 1000);
    gh.fail('POST', /.*/, { status: 503, body: { error: 'Service unavailable' } }, 1000);
    for (let hour = 0; hour < 2; hour++) {
      await t
        .knex('integrations')
        .where('id', integrationId)
        .update({ last_synced_at: new Date(Date.now() - 25 * 3600 * 1000) });
      await t.knex.raw("select graphile_worker.add_job('schedule_integration_syncs', '{}'::json)");
      await runJobs(t);
      expect(await lastRun(t, integrationId)).toMatchObject({ status: 3 });
    }
    expect(await t.knex('integration_runs').where({ integration_id: integrationId, status: 3 })).toHaveLength(2);
    expect(await events()).toBe(before + 1);
    for (const [to, count] of await mails()) expect(count, to).toBeLessThanOrEqual((mailsBefore.get(to) ?? 0) + 1);
  }, 60_000);
});
