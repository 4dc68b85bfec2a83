/**
 * One sync of an integration, safe to run any number of times (the links table remembers what the
 * ATS already has, by integration, local kind and id):
 *   1. the ATS's open jobs are pulled, so a project can be linked to one;
 *   2. each linked project's candidates who reached the shortlist are added to the job as
 *      applications, and those already added follow their stage (rejection included). The ATS is
 *      asked before anything is created: by the person's id there when another project already
 *      linked them, else by email, the person it holds gets the application and an application
 *      already on the job is linked and moved, so a run cut short after a create resumes on the
 *      next one without a second person; a create the ATS left unanswered (time-out, dropped
 *      connection, 5xx) is settled by the same look-up in the run, never sent again blind (push.ts);
 *   3. the stage or status of every linked application is read back and kept with the time read
 *      and since when it holds (with the person it is filed under: a merge's survivor); a change the
 *      product did not make is a notification to the
 *      project's company users (notice.ts); one the ATS answers 404 for (deleted there) is marked gone
 *      (remote_gone_at), said once in the run log and shown as gone by the status, not its stage last read. Nothing moves the product's pipeline by itself: the
 *      card offers the matching move to a person;
 *   4. the run's counts and, per record, what happened go to the run log; the integration keeps
 *      its candidates synced count and last synced time.
 * Only what the company may see is sent: each candidate is read through the candidate gate as the
 * project's company sees them in that project (an anonymous candidate once revealed, contact past
 * the suggested tab, the CV only where the company may download it), so a withheld name or email
 * never leaves PostgreSQL, let alone for the ATS.
 * Nothing is sent for a company that is not active (pending, suspended, held: the run stops before
 * it starts, whoever queued it), nor for a closed (inactive) project; an open one is active or paused.
 * One refused record is logged as failed and the run goes on (an application or person the ATS no longer has is
 * forgotten and placed again once, push.ts); a vendor asking to wait longer than a run waits, or still answering 429
 * once the retries are spent, ends the run's calls: no record fails for it and nobody is told, the rest are left for
 * the sync queued for the vendor's time (vendorWait.ts); refused credentials end the run,
 * mark the integration "auth error" and email the company's admins once, by their syncFailed preference
 * (authErrorEmail.ts), unless the credentials were replaced during the run (credentials_version): the refusal
 * was of the old ones, so nothing is marked and nobody told, the new ones' run being queued already. A 403 is a permission the credentials lack, not dead credentials: the run ends
 * the same way and the integration shows "auth error", its report names the vendor's reason ("a
 * permission is missing: …") and no "connect it again" email goes out (the failure notice says it).
 * A run that got an answer from the ATS and no refusal of its credentials sets an "auth error"
 * integration back to connected, telling nobody: the permission was granted, or the vendor is
 * answering again, so the daily schedule and the "already in your ATS" look-ups take it up again.
 * A failed run, or one with refused records, notifies the company's integration managers
 * (notice.ts): a failed run only when the run before it did not fail the same way, refused records only when one of
 * them did not fail the same way in the run before (a stuck record is told once, until it changes or succeeds). An erasure during a run is
 * not undone by it (syncGuard.ts). An integration removed or disconnected during a run ends it quietly: each
 * record is sent, and the open jobs kept, only while the integration's row is held and still connected
 * (whileConnected); the run ends done with what it sent, and one whose integration is gone or disconnected by
 * its end sends no failure notice and sets no last synced time (a removed one's run goes with it).
 */
import type { Knex } from 'knex';
import { t } from '../../../i18n';
import { integrationLink, integrationRun } from '../../../schema/entities/integration';
import { fitTo, maxOf } from '../../../schema/lib/fit';
import { INTEGRATION_STATUS, LINK_KIND, RUN_STATUS } from '../../../schema/rules/ats';
import { PROJECT_STATUS } from '../../../schema/rules/pipeline';
import { AtsError, type AtsProvider } from '../../adapters/ats';
import type { Config } from '../../config';
import { logger } from '../../logger';
import { emailAuthError } from './authErrorEmail';
import { atsStatusChanged, syncFailed } from './notice';
import { candidatesOf, runReason, sameStage, STAGE_KEY, syncCandidate, type CandidateRow, type RunEntry } from './push';
import { integrationById, providerOf, removalLockKey, type IntegrationRow } from './store';
import { erasedOf, failureIsNew, recordFailuresAreNew } from './syncGuard';
import { refusalOf } from './vendorRefusal';
import { putOff, settingsWith, waitAsked, waitingUntil, waitNote } from './vendorWait';

export type { RunEntry } from './push';

/** companies.status of an active company (schema/entities/company.ts: pending 0, active 1, inactive 2). */
const COMPANY_ACTIVE = 1;

const reasonOf = (err: unknown) => (err instanceof AtsError ? err.message : 'unexpected error').slice(0, 300);

/** integration_runs.error and integration_links.remote_status, as declared: a longer write would fail the run's end. */
const ERROR_MAX = maxOf(integrationRun.fields.error);
const STATUS_MAX = maxOf(integrationLink.fields.remoteStatus);

/** The run's error: the product's sentence whole, the vendor's reason in it cut to fit the column. */
function runError(err: unknown, auth: boolean, permission: boolean): string {
  if (permission) return fitTo(ERROR_MAX, reasonOf(err), (reason) => t('integrations.permissionMissing', { reason }));
  return fitTo(ERROR_MAX, auth ? t('integrations.authError') : reasonOf(err));
}

/** The ATS's open jobs. A job a vendor lists twice (pages shifting while read) is kept once, its last listing winning. */
async function openJobsOf(provider: AtsProvider) {
  return [...new Map((await provider.openJobs()).map((j) => [j.remoteId, j])).values()];
}

/**
 * Keeps the ATS's open jobs (one INSERT … ON CONFLICT may not touch a row twice: `jobs` holds each once); run
 * while the integration is held (whileConnected), as one removed meanwhile keeps no jobs.
 */
async function keepJobs(db: Knex, integrationId: number, jobs: Awaited<ReturnType<typeof openJobsOf>>): Promise<void> {
  const now = new Date();
  if (jobs.length)
    await db('integration_jobs')
      .insert(
        jobs.map((j) => ({
          integration_id: integrationId,
          remote_id: j.remoteId,
          title: j.title.slice(0, 300),
          open: true,
          updated_at: now,
        })),
      )
      .onConflict(['integration_id', 'remote_id'])
      .merge(['title', 'open', 'updated_at']);
  await db('integration_jobs')
    .where('integration_id', integrationId)
    .whereNotIn(
      'remote_id',
      jobs.map((j) => j.remoteId),
    )
    .update({ open: false, updated_at: now });
}

const stopped = Symbol('stopped');

/**
 * Runs `step` (one record's push or read-back) while integration `id` is held FOR KEY SHARE, if it is still
 * there and connected; answers `stopped` without running it when it is not. Removal (endpoints.ts) locks the
 * row FOR UPDATE, so it waits for a push under way, whose link it then deletes with the integration, and a
 * push after it finds the row gone. KEY SHARE, not SHARE: renewed credentials (Lever) update the row meanwhile.
 * Both first take the integration's advisory lock (shared here, exclusive there): a row lock lets a new KEY
 * SHARE in ahead of a removal already waiting, the lock queue does not, so once removal waits no push starts.
 */
async function whileConnected<T>(db: Knex, id: number, step: () => Promise<T>): Promise<T | typeof stopped> {
  return db.transaction(async (trx) => {
    await trx.raw('select pg_advisory_xact_lock_shared(hashtext(?))', [removalLockKey(id)]);
    const now = await trx('integrations').where('id', id).forKeyShare().first('status', 'credentials');
    if (!now || now.status === INTEGRATION_STATUS.recorded || !now.credentials) return stopped;
    return step();
  });
}
/**
 * Reads the ATS's status of one linked application and keeps it; answers the run log's reason when it changed in a
 * way the product did not make (not the first read, not the stage the product is at), else null. An application the
 * ATS answers 404 for (deleted there) is marked gone, its stage last read no longer kept, and said once.
 */
async function readBack(
  db: Knex,
  config: Config,
  row: IntegrationRow,
  provider: AtsProvider,
  project: { id: number; remote_id: string },
  c: CandidateRow,
): Promise<string | null> {
  const status = await provider.readStatus(c.remote_id!, c.remote_job_id ?? project.remote_id);
  if (!status) {
    if (c.remote_gone_at) return null;
    const now = new Date();
    await db('integration_links')
      .where('id', c.link_id)
      .update({ remote_gone_at: now, remote_stage: null, remote_status_since: now, remote_read_at: now });
    return runReason('goneInAts');
  }
  const label = fitTo(STATUS_MAX, status.reason ? `${status.label}: ${status.reason}` : status.label);
  const now = new Date();
  const told = status.since && !Number.isNaN(Date.parse(status.since)) ? new Date(status.since) : null;
  const changed = label !== c.remote_status;
  const news = changed && c.remote_status !== null && !sameStage(status.stage, STAGE_KEY[c.stage]);
  await db.transaction(async (trx) => {
    await trx('integration_links')
      .where('id', c.link_id)
      .update({
        remote_status: label,
        remote_stage: status.stage,
        // Filed under another person now (merged in the ATS): the survivor, whom the product did not make.
        ...(status.candidateId && status.candidateId !== c.remote_candidate_id
          ? { remote_candidate_id: status.candidateId, remote_person_created: false }
          : {}),
        remote_status_since: told ?? (changed ? now : (c.remote_status_since ?? now)),
        remote_read_at: now,
        remote_gone_at: null,
      });
    if (news)
      await atsStatusChanged(trx, config, row, {
        projectId: project.id,
        candidateId: c.candidate_id,
        candidate: c.shown.name,
        status: label,
      });
  });
  return news ? runReason('statusChanged', { status: label }) : null;
}

/**
 * Runs one sync of integration `id`; a removed or unconnected one, or one of a company not active, is left alone,
 * and one whose vendor asked to wait is put off to that time.
 */
export async function runSync(db: Knex, config: Config, id: number, trigger: number): Promise<number | undefined> {
  const row = await integrationById(db, id);
  if (!row || row.status === INTEGRATION_STATUS.recorded || !row.credentials) return undefined;
  if (!(await db('companies').where({ id: row.company_id, status: COMPANY_ACTIVE }).first('id'))) return undefined;
  // The vendor asked not to be called yet: the run waits for that time (vendorWait.ts).
  const asked = waitingUntil(row);
  if (asked) {
    await putOff(db, row, trigger, asked);
    return undefined;
  }
  const [{ id: runId }] = await db('integration_runs').insert({ integration_id: id, trigger }).returning('id');
  const entries: RunEntry[] = [];
  // Whose each entry is: those of candidates erased during the run are left out of the log.
  const whose = new Map<RunEntry, number>();
  const log = (e: RunEntry, candidateId: number) => {
    entries.push(e);
    whose.set(e, candidateId);
  };
  let error: string | null = null;
  // Removed or disconnected during the run: nothing more is sent, and nobody is told of a failure.
  let ended = false;
  let waitUntil: Date | undefined;
  // Refused credentials and a vendor's rate limit (a long wait, or 429s past the retries) end the run; anything else fails one record.
  const stops = (err: unknown) => (err instanceof AtsError && err.code === 'auth') || waitAsked(err) !== undefined;
  // The ATS answered this run with these credentials: an "auth error" it showed is over, unless refused again.
  let answered = false;
  // The ATS refused the credentials themselves (not a permission): their email is the failure's (authErrorEmail.ts).
  let deadCredentials = false;
  // Refused, but the credentials were replaced during the run: the refusal was of the old ones, so nobody is told.
  let superseded = false;
  try {
    const provider = providerOf(db, config, row);
    const jobs = await openJobsOf(provider);
    answered = true;
    // Removed or disconnected while the vendor listed its jobs: the run ends here, quietly.
    if ((await whileConnected(db, id, () => keepJobs(db, id, jobs))) === stopped) ended = true;
    const projects = ended
      ? []
      : await db('integration_links as l')
          .join('projects as p', 'p.id', 'l.local_id')
          .where({ 'l.integration_id': id, 'l.local_kind': LINK_KIND.project, 'p.company_id': row.company_id })
          .whereNot('p.status', PROJECT_STATUS.inactive)
          .select('p.id', 'p.title', 'l.remote_id');
    for (const project of projects) {
      if (ended) break;
      for (const c of await candidatesOf(db, id, project.id)) {
        const { name } = c.shown;
        try {
          const outcome = await whileConnected(db, id, () =>
            syncCandidate(db, config, row, provider, project.remote_id, c),
          );
          if (outcome === stopped) {
            ended = true;
            break;
          }
          if (outcome === 'skipped') continue; // nothing to do: not counted
          const [kind, reason] = Array.isArray(outcome) ? outcome : [outcome, undefined];
          const said = reason ? { reason: runReason(reason) } : {};
          log({ project: project.title, candidate: name, outcome: kind, ...said }, c.candidate_id);
        } catch (err) {
          if (stops(err)) throw err;
          if (!(err instanceof AtsError)) logger.error({ err, integrationId: id }, 'integration sync record failed');
          log({ project: project.title, candidate: name, outcome: 'failed', reason: reasonOf(err) }, c.candidate_id);
        }
      }
      // The way back: every linked application of the project, those just added included.
      for (const c of ended ? [] : await candidatesOf(db, id, project.id)) {
        if (!c.remote_id) continue;
        const base = { project: project.title, candidate: c.shown.name };
        try {
          const status = await whileConnected(db, id, () => readBack(db, config, row, provider, project, c));
          if (status === stopped) {
            ended = true;
            break;
          }
          if (status) log({ ...base, outcome: 'statusChanged', reason: status }, c.candidate_id);
        } catch (err) {
          if (stops(err)) throw err;
          if (!(err instanceof AtsError)) logger.error({ err, integrationId: id }, 'integration status read failed');
          const reason = runReason('statusUnread', { reason: reasonOf(err) });
          log({ ...base, outcome: 'failed', reason }, c.candidate_id);
        }
      }
    }
  } catch (err) {
    waitUntil = waitAsked(err);
    const auth = err instanceof AtsError && err.code === 'auth';
    const permission = auth && refusalOf(err) === 'permission';
    if (auth) answered = false;
    if (!waitUntil) error = runError(err, auth, permission);
    if (!(err instanceof AtsError)) logger.error({ err, integrationId: id }, 'integration sync failed');
    else logger.warn({ integrationId: id, code: err.code, reason: error, waitUntil }, 'integration sync stopped');
    if (auth) {
      deadCredentials = !permission;
      // Only the credentials this run used are marked: ones replaced meanwhile are the next run's to judge.
      const changed = await db('integrations')
        .where({ id, status: INTEGRATION_STATUS.connected, credentials_version: row.credentials_version })
        .update({ status: INTEGRATION_STATUS.authError, updated_at: new Date() });
      superseded = !(await db('integrations').where({ id, credentials_version: row.credentials_version }).first('id'));
      // "Connect it again" is for dead credentials; a missing permission is told by the failure notice below.
      if (changed && !permission) await emailAuthError(db, config, row);
    }
  }
  // Answered and not refused: connected again (no email, no notice). Not when removed or disconnected meanwhile.
  if (answered && !ended)
    await db('integrations')
      .where({ id, status: INTEGRATION_STATUS.authError })
      .update({ status: INTEGRATION_STATUS.connected, updated_at: new Date() });
  const synced = await db('integration_links')
    .where({ integration_id: id, local_kind: LINK_KIND.projectCandidate })
    .count<{ n: string }[]>({ n: '*' });
  await db.transaction(async (trx) => {
    // Removed or disconnected by now (whatever the run met on the way: a write refused for the row gone): quiet.
    const still = await trx('integrations').where('id', id).forKeyShare().first('status', 'credentials');
    if (!still || still.status === INTEGRATION_STATUS.recorded || !still.credentials) ended = true;
    // Locked FOR KEY SHARE: an erasure now waits and then cleans this log; one before is left out.
    const gone = await erasedOf(trx, [...new Set(whose.values())]);
    const kept = entries.filter((e) => !gone.has(whose.get(e)!));
    const count = (o: RunEntry['outcome']) => kept.filter((e) => e.outcome === o).length;
    await trx('integration_runs')
      .where('id', runId)
      .update({
        status: error ? RUN_STATUS.failed : RUN_STATUS.done,
        created: count('created'),
        updated: count('updated'),
        skipped: count('skipped'),
        failed: count('failed'),
        entries: JSON.stringify(kept),
        // A vendor's wait is no failure: the run is done with what it sent, the report says until when.
        error: error ?? (waitUntil ? fitTo(ERROR_MAX, waitNote(row, waitUntil)) : null),
        finished_at: new Date(),
      });
    // Told once when runs start to fail, not again for each failing run (a vendor down for hours).
    if (ended) logger.info({ integrationId: id, runId }, 'integration removed or disconnected during its sync');
    else if (superseded) logger.info({ integrationId: id, runId }, 'credentials replaced during a refused sync');
    else if (error) {
      if (await failureIsNew(trx, id, runId as number, error))
        await syncFailed(trx, config, row, { error }, deadCredentials);
    } else if (count('failed') && (await recordFailuresAreNew(trx, id, runId as number, kept)))
      // A record stuck on the same refusal is told once, not again each run, until it changes or succeeds.
      await syncFailed(trx, config, row, { failedRecords: count('failed') });
  });
  await db('integrations')
    .where('id', id)
    .update({
      candidates_synced: Number(synced[0].n),
      // Cut short by a wait, the sync is not complete: the records left wait for the next run.
      ...(error || waitUntil || ended ? {} : { last_synced_at: new Date() }),
      settings: settingsWith(db, waitUntil),
      updated_at: new Date(),
    });
  // The records left are sent by the sync queued for the vendor's time, not by one more call now.
  if (waitUntil && !ended) await putOff(db, row, trigger, waitUntil);
  return runId as number;
}
