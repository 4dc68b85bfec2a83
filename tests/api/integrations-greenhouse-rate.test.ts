/**
 * Greenhouse's rate limit, with Greenhouse's real client against its stand-in on loopback, which
 * answers as Greenhouse does: every answer carries X-RateLimit-Limit, X-RateLimit-Remaining and
 * X-RateLimit-Reset (epoch seconds), and a call over the limit gets 429 with Retry-After. A window
 * spent ends the run's calls before a 429 is earned; 429s still answered once the retries are spent
 * end the run at once. Either way no record fails and nobody is told of a failure: the records left
 * are sent by the sync graphile-worker runs at the vendor's time.
 */
import { describe, expect, it } from 'vitest';
import type { GreenhouseStandIn } from '../helpers/ats/greenhouse';
import {
  connectedForFile,
  failureEvents,
  greenhouseConnected,
  lastRun,
  projectWith,
  type People,
} from '../helpers/ats/world';
import type { TestApp } from '../helpers/app';
import { runJobs } from '../helpers/jobs';

let t: TestApp;
let gh: GreenhouseStandIn;
let p: People;
let id: number;
connectedForFile(greenhouseConnected, (made) => ({ t, gh, p, integrationId: id } = made));

const SHORTLIST = 2;

/** Links a new project of `count` shortlisted candidates to `job`; answers their emails. */
async function shortlistOn(job: string, count: number, skip: number): Promise<string[]> {
  const {
    project: { id: project },
    candidates,
  } = await projectWith(t, `Rate limited ${job}`, count, SHORTLIST, skip);
  const linked = await p.admin.put(`/integrations/project-job/${id}`, { projectId: project, jobId: job });
  expect(linked.status, JSON.stringify(linked.body)).toBe(200);
  return (await t.knex('candidates').whereIn('id', candidates).select('email')).map((c) => c.email as string);
}

const applicationsOn = (job: number, emails: string[]) =>
  gh.applications.filter(
    (a) => a.jobId === job && emails.includes(gh.candidates.find((c) => c.id === a.candidateId)?.email ?? ''),
  );

/** The sync graphile-worker holds for later: when it is due. */
async function queuedSyncAt(): Promise<number> {
  const jobs = await t.knex('graphile_worker.jobs').where('task_identifier', 'sync_integration').select('run_at');
  expect(jobs).toHaveLength(1);
  return new Date(jobs[0].run_at).getTime();
}

/** Waits for the vendor's time to come, then runs the jobs that are due by then, as the worker would. */
async function runWhenDue(at: number) {
  await new Promise((r) => setTimeout(r, Math.max(0, at - Date.now()) + 300));
  await runJobs(t);
}

describe("Greenhouse's rate limit", () => {
  it('a spent window ends the run without a 429; the sync queued for its reset sends the rest', async () => {
    const emails = await shortlistOn('101', 3, 520);
    const told = await failureEvents(p);
    const calls = gh.calls.length;
    // Five calls per 4-second window: spent before the first candidate's application is asked for.
    gh.limitRate(5, 4000);
    expect((await p.admin.put(`/integrations/manual/sync/${id}`)).status).toBe(200);
    await runJobs(t);
    const made = gh.calls.slice(calls);
    expect(made.filter((c) => c.status === 429)).toEqual([]);
    expect(made.filter((c) => c.path.startsWith('/v3/'))).toHaveLength(5);
    const run = await lastRun(t, id);
    expect(run).toMatchObject({ status: 2, failed: 0 });
    expect(run.error).toMatch(/Greenhouse asked us to wait until \d{4}-\d\d-\d\dT/);
    expect(applicationsOn(101, emails)).toHaveLength(0);
    expect(await failureEvents(p)).toBe(told);

    const due = await queuedSyncAt();
    expect(due).toBeGreaterThan(Date.now());
    gh.limitRate(1000);
    await runWhenDue(due);
    expect(await lastRun(t, id)).toMatchObject({ status: 2, created: 3, failed: 0, error: null });
    expect(applicationsOn(101, emails)).toHaveLength(3);
    expect(await failureEvents(p)).toBe(told);
  });

  it('429s past the retries stop the run at once, fail no record and tell nobody; the next run sends the rest', async () => {
    const emails = await shortlistOn('102', 2, 540);
    const told = await failureEvents(p);
    const calls = gh.calls.length;
    // Still limited when retried (the file's runs retry once).
    gh.fail(
      'POST',
      /^\/v3\/applications$/,
      { status: 429, headers: { 'Retry-After': '1' }, body: { message: 'Rate limit exceeded' } },
      2,
    );
    expect((await p.admin.put(`/integrations/manual/sync/${id}`)).status).toBe(200);
    await runJobs(t);
    const made = gh.calls.slice(calls);
    const refused = made.map((c, i) => (c.status === 429 ? i : -1)).filter((i) => i >= 0);
    expect(refused).toHaveLength(2);
    // Nothing more asked of Greenhouse after the last 429.
    expect(made.slice(refused[1] + 1)).toEqual([]);
    const run = await lastRun(t, id);
    expect(run).toMatchObject({ status: 2, created: 0, failed: 0 });
    expect(run.error).toMatch(/Greenhouse asked us to wait until/);
    expect(await failureEvents(p)).toBe(told);

    await runWhenDue(await queuedSyncAt());
    expect(await lastRun(t, id)).toMatchObject({ status: 2, created: 2, failed: 0, error: null });
    expect(applicationsOn(102, emails)).toHaveLength(2);
    expect(await failureEvents(p)).toBe(told);
  });
});
