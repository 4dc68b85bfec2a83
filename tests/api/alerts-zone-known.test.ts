/**
 * A digest's time zone must be one PostgreSQL knows too: the runtime's Intl accepts names the database's tzdata has
 * dropped (US/Pacific-New, Canada/East-Saskatchewan), and the digest's SQL reads the stored zone (`at time zone`) in
 * one statement over every subscription.
 * - turning an alert on with such a zone is refused as an invalid zone, field by field, and nothing is stored;
 * - a subscription stored with such a zone before the check (written here as a row) stops nobody's digest: the others
 *   are sent, and its own goes out as if its zone were UTC.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { ALERT_RECIPIENT_KIND } from '../../schema/entities/alert';
import { validZone } from '../../schema/rules/timeZones';
import { listOutbox } from '../../backend/services/mail/outbox';
import { runJobs } from '../helpers/jobs';
import { pipelineWorld, type PipelineWorld } from '../helpers/pipeline';
import { candidatePayload, talentIds } from '../helpers/talent';

let w: PipelineWorld;
let acme: string;
const OWNER = 'owner@acme.example.com';
const ADVOCATE = 'advocate@example.com';
const UNKNOWN_TO_DB = ['US/Pacific-New', 'Canada/East-Saskatchewan'];

beforeAll(async () => {
  w = await pipelineWorld();
  acme = `Project:${w.projects.acme}`;
}, 120_000);

const digests = async (to: string) => (await listOutbox(w.knex, to, 20)).filter((m) => /new candidate/.test(m.subject));

describe('A time zone the runtime knows and PostgreSQL does not', () => {
  it('is known to the runtime only (what makes the case)', async () => {
    for (const zone of UNKNOWN_TO_DB) {
      expect(validZone(zone)).toBe(zone);
      const { rows } = await w.knex.raw('select 1 from pg_timezone_names where lower(name) = lower(?)', [zone]);
      expect(rows).toHaveLength(0);
    }
  });

  it('is refused when an alert is turned on, as an invalid zone, and nothing is stored', async () => {
    for (const zone of UNKNOWN_TO_DB) {
      const res = await w
        .as('company')
        .put(`/alerts/projects/${acme}`, { on: true, frequency: 'daily', timeZone: zone });
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.error.fields).toEqual({ timeZone: 'timeZone.errors.invalid' });
    }
    expect(await w.knex('alert_subscriptions').where('project_id', w.projects.acme)).toHaveLength(0);
    // A zone both know is taken.
    const ok = await w.as('company').put(`/alerts/projects/${acme}`, { on: true, timeZone: 'Asia/Singapore' });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.timeZone).toBe('Asia/Singapore');
  });

  it("stored on one subscription, stops no one else's digest, and its own goes out as in UTC", async () => {
    const daily = await w.as('company').put(`/alerts/projects/${acme}`, { on: true, frequency: 'daily' });
    expect(daily.status, JSON.stringify(daily.body)).toBe(200);
    const advocate = await w.as('advocate').put(`/alerts/projects/${acme}`, { on: true, frequency: 'daily' });
    expect(advocate.status, JSON.stringify(advocate.body)).toBe(200);
    // Stored before the check: the row as an older release wrote it. Both were emailed two days ago, so the period of
    // each is read from its zone (a subscription never emailed is due whatever its zone).
    await w
      .knex('alert_subscriptions')
      .where({
        project_id: w.projects.acme,
        recipient_kind: ALERT_RECIPIENT_KIND.admin,
        recipient_id: w.people.advocate,
      })
      .update({ time_zone: 'US/Pacific-New' });
    await w
      .knex('alert_subscriptions')
      .where({ project_id: w.projects.acme })
      .update({
        last_emailed_at: w.knex.raw("now() - interval '2 days'"),
        digest_handled_at: w.knex.raw("now() - interval '2 days'"),
      });

    const base = await talentIds(w.knex);
    const jt = (await w.knex('job_titles').where('name', 'Software Engineer').first('id')).id as number;
    const made = await w.as('admin').post(
      '/candidates',
      candidatePayload(base, {
        firstName: 'Zelda',
        lastName: 'Newman',
        email: 'zelda@new.example.org',
        jobTitleLookingFor: [jt],
        tags: [],
        educations: [],
        experiences: [],
      }),
    );
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    await w.knex.raw("select graphile_worker.add_job('match_alerts')");
    await runJobs(w.t);
    const zelda = Number(String(made.body.id).split(':').pop());
    expect(await w.knex('alert_news').where('candidate_id', zelda)).toHaveLength(2);

    await w.knex.raw("select graphile_worker.add_job('send_alert_digests', job_key => 'zone-digests')");
    await runJobs(w.t);
    const job = await w.knex('graphile_worker.jobs').where('key', 'zone-digests').first('last_error');
    expect(job?.last_error ?? null).toBeNull();
    const owner = await digests(OWNER);
    expect(owner).toHaveLength(1);
    expect(owner[0].text).toContain('Zelda Newman');
    expect(await digests(ADVOCATE)).toHaveLength(1);
    const stale = await w
      .knex('alert_subscriptions')
      .where('project_id', w.projects.acme)
      .whereRaw("last_emailed_at < now() - interval '1 day'");
    expect(stale).toEqual([]);
  });
});
