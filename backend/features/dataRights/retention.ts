/**
 * Retention: data that outlived its purpose goes, by the configured periods (config.dataRights,
 * README), once a day (the apply_retention job), and each run leaves a report of what it did per
 * kind (retention_runs, listed in the console):
 * - a candidate who has not signed in for `inactiveDays` (since their last sign-in, or since their
 *   profile was created) is emailed that their profile will be archived; still absent
 *   `reminderDays` later, the profile is archived (status inactive, hidden from everyone but
 *   admins; the candidate may still sign in to take it back) and an erasure request is opened in its
 *   cooling-off period, which the existing erasure path carries out unless the candidate comes back,
 *   cancels it or an admin holds it. A profile its owner paused counts the same; one an admin made
 *   inactive is left to the admins. Those who may sign in (active, semi-active, self-paused) are told
 *   to; those who may not yet (pending curation or activation) are told to write to support instead.
 *   Signing in (auth/session.ts) is coming back: it clears the reminder and the archiving, and
 *   cancels the erasure retention opened, so the absence is counted afresh; the archived profile
 *   stays paused until its owner activates it;
 * - CV drafts (uploads no profile took) past CV_DRAFT_HOURS are deleted with their files;
 * - analytics events past `logDays` are deleted, and ATS sync runs past it lose their
 *   per-candidate entries (their counts stay);
 * - sent emails past `outboxDays` lose their bodies and attachments (the address, subject and
 *   dates stay, as the record that a message went);
 * - copies of candidates' data whose link expired lose their ZIP (storage, S3 included) and their
 *   link's hash; the row stays as "expired", and the data rights log records it. A download after
 *   the expiry does the same for its own copy at once (export/endpoints.ts).
 */
import type { Knex } from 'knex';
import { ERASURE_OPEN, ERASURE_SOURCE, ERASURE_STATUS, erasureDueAt } from '../../../schema/rules/dataRights';
import { DATA_EXPORT_STATUS } from '../../../schema/rules/dataExport';
import type { RetentionKind } from '../../../schema/rules/retention';
import { CANDIDATE_STATUS } from '../../../schema/entities/talentOptions';
import { storageFor } from '../../adapters/storage/select';
import type { Config } from '../../config';
import { logger } from '../../logger';
import { ownContacts } from '../../services/candidateGate';
import { queueEmail } from '../../services/mail/outbox';
import { emailOf, profilePageAt } from '../../services/mail/templates';
import { inUtc } from './emails';
import { logDataRights } from './log';

/** Candidates reminded or archived per run at most: a backlog is worked off over the following days. */
const BATCH = 500;
const DAY = 86_400_000;

export type RetentionCounts = Record<RetentionKind, number>;

const ago = (now: Date, days: number) => new Date(now.getTime() - days * DAY);

/** SQL (one binding, ON_PATH): the candidate `c` has no open erasure request and was never erased. */
const NOT_ON_ERASURE_PATH =
  'not exists (select 1 from erasure_requests e where e.candidate_id = c.id and e.status = any(?::smallint[]))';
const ON_PATH = [...ERASURE_OPEN, ERASURE_STATUS.erased];

/** SQL over `c`: the profile is in retention's reach (not made inactive by an admin, whose choice stands). */
const IN_REACH = '(c.status <> ? or c.self_chosen_status)';

/** Whether the candidate may sign in as they are (auth/accounts.ts assertMaySignIn's rule for candidates). */
const maySignIn = (r: { status: number; self_chosen_status: boolean }) =>
  r.status === CANDIDATE_STATUS.active ||
  r.status === CANDIDATE_STATUS.semiActive ||
  (r.status === CANDIDATE_STATUS.inactive && r.self_chosen_status);

function reminderEmail(config: Config, firstName: string | null, archiveOn: Date, signIn: boolean) {
  const lines = [
    `Hi ${firstName ?? 'there'},`,
    signIn
      ? `You have not signed in to ${config.productName} for a long time. We keep profiles only while they serve their purpose: on ${inUtc(archiveOn)} your profile will be archived, hidden from companies, and then erased.`
      : `Your ${config.productName} profile has been waiting a long time for our team to make it live. We keep profiles only while they serve their purpose: on ${inUtc(archiveOn)} your profile will be archived, hidden from companies, and then erased.`,
    signIn
      ? profilePageAt(config, (url) => `To keep it, sign in before then: ${url}`)
      : `To keep it, write to us before then: ${config.credits.pricing.supportEmail}`,
  ];
  return emailOf(config, `Your ${config.productName} profile will be archived`, lines);
}

function archivedEmail(config: Config, firstName: string | null, dueAt: Date) {
  const lines = [
    `Hi ${firstName ?? 'there'},`,
    `Your ${config.productName} profile has been archived: companies no longer see it. Your data will be erased on ${inUtc(dueAt)}.`,
    profilePageAt(
      config,
      (url) =>
        `To keep your profile, sign in before then: signing in cancels the erasure, and you can activate your profile again on your profile page: ${url}`,
    ),
  ];
  return emailOf(config, `Your ${config.productName} profile has been archived`, lines);
}

/** Emails the candidates inactive past the period, once per absence. */
async function remindInactive(knex: Knex, config: Config, now: Date): Promise<number> {
  const { inactiveDays, reminderDays } = config.dataRights;
  return knex.transaction(async (trx) => {
    const rows = (await trx('candidates as c')
      .leftJoin('candidate_activity as a', 'a.candidate_id', 'c.id')
      .whereRaw('coalesce(a.last_active_at, c.created_at) < ?', [ago(now, inactiveDays)])
      .whereNull('a.reminded_at')
      .whereRaw(IN_REACH, [CANDIDATE_STATUS.inactive])
      .whereRaw(NOT_ON_ERASURE_PATH, [ON_PATH])
      .orderBy('c.id')
      .limit(BATCH)
      .forUpdate('c')
      .skipLocked()
      .select('c.id', 'c.created_at', 'c.status', 'c.self_chosen_status')) as {
      id: number;
      created_at: Date;
      status: number;
      self_chosen_status: boolean;
    }[];
    if (!rows.length) return 0;
    await trx('candidate_activity')
      .insert(rows.map((r) => ({ candidate_id: r.id, last_active_at: r.created_at, reminded_at: now })))
      .onConflict('candidate_id')
      .merge(['reminded_at']);
    const contacts = await ownContacts(
      trx,
      rows.map((r) => r.id),
    );
    const archiveOn = new Date(now.getTime() + reminderDays * DAY);
    for (const r of rows) {
      const person = contacts.get(r.id);
      if (person?.email)
        await queueEmail(trx, {
          to: person.email,
          ...reminderEmail(config, person.firstName, archiveOn, maySignIn(r)),
        });
      await logDataRights(trx, r.id, 'inactivityReminded', undefined, {
        inactiveDays,
        archiveOn: archiveOn.toISOString(),
      });
    }
    return rows.length;
  });
}

/** Archives the reminded candidates still absent after the notice, and opens their erasure. */
async function archiveInactive(knex: Knex, config: Config, now: Date): Promise<number> {
  const cutoff = ago(now, config.dataRights.reminderDays);
  return knex.transaction(async (trx) => {
    const rows = (await trx('candidates as c')
      .join('candidate_activity as a', 'a.candidate_id', 'c.id')
      .where('a.reminded_at', '<', cutoff)
      .whereRaw('a.last_active_at < a.reminded_at')
      .whereNull('a.archived_at')
      .whereRaw(IN_REACH, [CANDIDATE_STATUS.inactive])
      .whereRaw(NOT_ON_ERASURE_PATH, [ON_PATH])
      .orderBy('c.id')
      .limit(BATCH)
      .forUpdate('c')
      .skipLocked()
      .select('c.id')) as { id: number }[];
    if (!rows.length) return 0;
    // Read again under the activity rows' locks: a sign-in committed since the listing (it clears the
    // reminder) wins, and one under way is waited for.
    const ids = (await trx('candidate_activity')
      .whereIn(
        'candidate_id',
        rows.map((r) => r.id),
      )
      .where('reminded_at', '<', cutoff)
      .whereRaw('last_active_at < reminded_at')
      .whereNull('archived_at')
      .orderBy('candidate_id')
      .forUpdate()
      .pluck('candidate_id')) as number[];
    if (!ids.length) return 0;
    // Archived as a paused profile is: hidden from all but admins, and its owner may sign in to take it back.
    // The status it had is kept (`paused_from`): taken back, a pending or semi-active profile stays so, not active;
    // a profile its owner had paused keeps the status its pause left.
    await trx('candidates')
      .whereIn('id', ids)
      .update({
        status: CANDIDATE_STATUS.inactive,
        self_chosen_status: true,
        paused_from: trx.raw('case when status = ? then paused_from else status end', [CANDIDATE_STATUS.inactive]),
        updated_at: now,
      });
    await trx('candidate_activity').whereIn('candidate_id', ids).update({ archived_at: now });
    const dueAt = erasureDueAt(now);
    const requests = (await trx('erasure_requests')
      .insert(
        ids.map((candidateId) => ({
          candidate_id: candidateId,
          status: ERASURE_STATUS.coolingOff,
          source: ERASURE_SOURCE.retention,
          confirmed_at: now,
          due_at: dueAt,
        })),
      )
      .returning(['id', 'candidate_id'])) as { id: number; candidate_id: number }[];
    const contacts = await ownContacts(trx, ids);
    for (const r of requests) {
      await logDataRights(trx, r.candidate_id, 'archivedForInactivity', undefined, { requestId: r.id });
      await logDataRights(trx, r.candidate_id, 'erasureRequested', undefined, {
        requestId: r.id,
        source: 'retention',
        dueAt: dueAt.toISOString(),
      });
      const person = contacts.get(r.candidate_id);
      if (person?.email) await queueEmail(trx, { to: person.email, ...archivedEmail(config, person.firstName, dueAt) });
    }
    return requests.length;
  });
}

/** Deletes the CV drafts no profile took within CV_DRAFT_HOURS, files first. */
async function purgeCvDrafts(knex: Knex, config: Config, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - config.cv.draftHours * 3600_000);
  let done = 0;
  for (;;) {
    const n = await knex.transaction(async (trx) => {
      const rows = (await trx('cv_uploads')
        .whereNull('attached_at')
        .where('created_at', '<', cutoff)
        .orderBy('id')
        .limit(BATCH)
        .forUpdate()
        .skipLocked()
        .select('id', 'key')) as { id: number; key: string }[];
      const storage = storageFor(config);
      for (const r of rows) await storage.delete(r.key);
      if (rows.length)
        await trx('cv_uploads')
          .whereIn(
            'id',
            rows.map((r) => r.id),
          )
          .delete();
      return rows.length;
    });
    done += n;
    if (n < BATCH) return done;
  }
}

/**
 * Deletes the ZIPs of exports whose link expired, in batches, and marks them expired. A row is
 * marked only once its file is gone: a storage failure leaves it for the next run.
 */
async function expireExports(knex: Knex, config: Config, now: Date): Promise<number> {
  let done = 0;
  for (;;) {
    const n = await knex.transaction(async (trx) => {
      const rows = (await trx('data_exports')
        .where('status', DATA_EXPORT_STATUS.ready)
        .where('expires_at', '<=', now)
        .orderBy('id')
        .limit(BATCH)
        .forUpdate()
        .skipLocked()
        .select('id', 'candidate_id', 'file_key')) as { id: number; candidate_id: number; file_key: string | null }[];
      const storage = storageFor(config);
      for (const r of rows) {
        if (r.file_key) await storage.delete(r.file_key);
        await trx('data_exports')
          .where('id', r.id)
          .update({ status: DATA_EXPORT_STATUS.expired, file_key: null, updated_at: now });
        await logDataRights(trx, r.candidate_id, 'exportExpired', undefined, { exportId: r.id });
      }
      return rows.length;
    });
    done += n;
    if (n < BATCH) return done;
  }
}

/** Carries out every retention period once, as of `now`; records and returns the run's report. */
export async function applyRetention(knex: Knex, config: Config, now = new Date()) {
  const { logDays, outboxDays } = config.dataRights;
  const counts: RetentionCounts = {
    inactiveReminded: await remindInactive(knex, config, now),
    inactiveArchived: await archiveInactive(knex, config, now),
    cvDrafts: await purgeCvDrafts(knex, config, now),
    analyticsEvents: await knex('analytics_events').where('created_at', '<', ago(now, logDays)).delete(),
    integrationRunEntries: await knex('integration_runs')
      .where('started_at', '<', ago(now, logDays))
      .whereNotNull('entries')
      .update({ entries: null }),
    // Sent or not: one still queued after the period is never sent (its job gave up long ago) and ends failed.
    outboxBodies: await knex('outbox_emails')
      .where('updated_at', '<', ago(now, outboxDays))
      .where((q) => q.whereNot('text', '').orWhereNotNull('html').orWhereNotNull('attachments'))
      .update({
        text: '',
        html: null,
        attachments: null,
        status: knex.raw('case when status = 0 then 3 else status end'),
      }),
    expiredExports: await expireExports(knex, config, now),
  };
  const periods = {
    inactiveDays: config.dataRights.inactiveDays,
    reminderDays: config.dataRights.reminderDays,
    cvDraftHours: config.cv.draftHours,
    logDays,
    outboxDays,
  };
  const [run] = await knex('retention_runs')
    .insert({ ran_at: now, counts: JSON.stringify(counts), periods: JSON.stringify(periods) })
    .returning('id');
  logger.info({ counts }, 'retention applied');
  return { id: `RetentionRun:${run.id}`, counts, periods };
}
