/**
 * One sync of an integration, safe to run any number of times (the links table remembers what the
 * ATS already has, by integration, local kind and id):
 *   1. the ATS's open jobs are pulled, so a project can be linked to one;
 *   2. each linked project's candidates who reached the shortlist are added to the job as
 *      applications, and those already added follow their stage (rejection included). The ATS is
 *      asked before anything is created: by the person's id there when another project already
 *      linked them, else by email, the person it holds gets the application and an application
 *      already on the job is linked and moved, so a run cut short after a create resumes on the
 *      next one without a second person;
 *   3. the stage or status of every linked application is read back and kept with the time read
 *      and since when it holds; a change the product did not make is a notification to the
 *      project's company users (notice.ts). Nothing moves the product's pipeline by itself: the
 *      card offers the matching move to a person;
 *   4. the run's counts and, per record, what happened go to the run log; the integration keeps
 *      its candidates synced count and last synced time.
 * Only what the company may see is sent: each candidate is read through the candidate gate as the
 * project's company sees them in that project (an anonymous candidate once revealed, contact past
 * the suggested tab, the CV only where the company may download it), so a withheld name or email
 * never leaves PostgreSQL, let alone for the ATS.
 * Nothing is sent for a company that is not active (pending, suspended, held: the run stops before
 * it starts, whoever queued it), nor for a closed (inactive) project; an open one is active or paused.
 * One refused record is logged as failed and the run goes on; refused credentials end the run,
 * mark the integration "auth error" and email the company's admins once, by their syncFailed preference
 * (authErrorEmail.ts). A failed run, or one with refused records, notifies the company's integration managers
 * (notice.ts): a failed run only when the run before it did not fail the same way. An erasure during a run is
 * not undone by it (syncGuard.ts).
 */
import { subject as asSubject } from '@casl/ability';
import type { Knex } from 'knex';
import { t } from '../../../i18n';
import { abilityFor } from '../../../schema/ability';
import { INTEGRATION_STATUS, LINK_KIND, RUN_STATUS } from '../../../schema/rules/ats';
import { PROJECT_STATUS, STAGES, type StageKey } from '../../../schema/rules/pipeline';
import { consentWithdrawnSql } from '../../../schema/rules/consents';
import { seesStatus, type CandidateFacts } from '../../../schema/rules/visibility';
import { AtsError, type AtsPerson, type AtsProvider } from '../../adapters/ats';
import { storageFor } from '../../adapters/storage/select';
import type { Config } from '../../config';
import { logger } from '../../logger';
import {
  inProject,
  present,
  shownColumns,
  withoutGateColumns,
  type GateRow,
  type ShownCandidate,
} from '../../services/candidateGate';
import { CV_CONTENT_TYPES, type CvType } from '../../services/documents/extractText';
import { emailAuthError } from './authErrorEmail';
import { atsStatusChanged, syncFailed } from './notice';
import { integrationById, providerOf, type IntegrationRow } from './store';
import { erasedOf, failureIsNew, linkUnlessErased, stillSendable } from './syncGuard';

/** Stages at which a candidate is pushed to the ATS; a rejection is followed only for those already there. */
const PUSHED: readonly number[] = [
  STAGES.shortlist,
  STAGES.interviewing,
  STAGES.interviewing2,
  STAGES.offered,
  STAGES.placed,
];
/** companies.status of an active company (schema/entities/company.ts: pending 0, active 1, inactive 2). */
const COMPANY_ACTIVE = 1;
const STAGE_KEY = Object.fromEntries(Object.entries(STAGES).map(([k, v]) => [v, k])) as Record<number, StageKey>;

export interface RunEntry {
  project: string;
  /** The candidate's name where the company sees it; null otherwise. */
  candidate: string | null;
  /** statusChanged: the ATS moved the application (read back, not counted as a push). */
  outcome: 'created' | 'updated' | 'skipped' | 'failed' | 'statusChanged';
  reason?: string;
}

type Outcome = RunEntry['outcome'] | [RunEntry['outcome'], string];

/** A project candidate to sync: the row's facts, and the person as the project's company sees them (the gate). */
interface CandidateRow extends CandidateFacts {
  pc_id: number;
  stage: number;
  candidate_id: number;
  summary: string | null;
  link_id: number | null;
  remote_id: string | null;
  synced_stage: number | null;
  remote_status: string | null;
  remote_status_since: Date | null;
  /** The person's id in the ATS from a link of this candidate in another project, if any. */
  known_candidate_id: string | null;
  shown: ShownCandidate;
}

const reasonOf = (err: unknown) => (err instanceof AtsError ? err.message : 'unexpected error').slice(0, 300);

async function pullJobs(db: Knex, integrationId: number, provider: AtsProvider): Promise<void> {
  const jobs = await provider.openJobs();
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

/** The CV the company may download, read from storage; none when the gate withholds it or the rule says no. */
async function cvFor(config: Config, companyId: number, c: CandidateRow): Promise<AtsPerson['cv']> {
  const resumePath = c.shown.documents?.resumePath;
  if (!resumePath) return null;
  const ability = abilityFor({ role: 'company', companyId, subRole: 'admin' });
  const facts = {
    id: c.candidate_id,
    status: c.status,
    visibility: c.visibility,
    anonymous: c.anonymous,
    firstName: c.shown.firstName,
    resumePath,
  };
  if (!ability.can('download', asSubject('Candidate', facts), 'resumePath')) return null;
  const type = resumePath.slice(resumePath.lastIndexOf('.') + 1) as CvType;
  const stream = await storageFor(config).get(resumePath);
  if (!stream || !CV_CONTENT_TYPES[type]) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return {
    fileName: `${c.shown.label}.${type}`,
    contentType: CV_CONTENT_TYPES[type],
    data: Buffer.concat(chunks),
  };
}

async function candidatesOf(db: Knex, integrationId: number, projectId: number): Promise<CandidateRow[]> {
  const rows = (await db('project_candidates as pc')
    .join('candidates as c', 'c.id', 'pc.candidate_id')
    .leftJoin('integration_links as l', (j) =>
      j
        .on('l.local_id', 'pc.id')
        .andOn('l.integration_id', db.raw('?', [integrationId]))
        .andOn('l.local_kind', db.raw('?', [LINK_KIND.projectCandidate])),
    )
    .where('pc.project_id', projectId)
    .where((q) => q.whereIn('pc.stage', PUSHED).orWhereNotNull('l.id'))
    // A candidate who withdrew consent to be sent to companies' ATSs is neither pushed nor updated there.
    .whereRaw(`not ${consentWithdrawnSql('sentToAts', 'c')}`)
    .orderBy('pc.id')
    .select(
      'pc.id as pc_id',
      'pc.stage',
      'c.id as candidate_id',
      'c.status',
      'c.visibility',
      'c.anonymous',
      'c.summary',
      'l.id as link_id',
      'l.remote_id',
      'l.synced_stage',
      'l.remote_status',
      'l.remote_status_since',
      db('integration_links as k')
        .join('project_candidates as kpc', 'kpc.id', 'k.local_id')
        .where({ 'k.integration_id': integrationId, 'k.local_kind': LINK_KIND.projectCandidate })
        .whereRaw('kpc.candidate_id = pc.candidate_id')
        .whereNotNull('k.remote_candidate_id')
        .orderBy('k.id')
        .limit(1)
        .select('k.remote_candidate_id')
        .as('known_candidate_id'),
      // The person as the project's company sees them in this project, masked in PostgreSQL.
      ...shownColumns(db, 'company', inProject('pc')),
    )) as Record<string, unknown>[];
  return rows.map((r) => ({
    ...(withoutGateColumns(r) as unknown as Omit<CandidateRow, 'shown'>),
    shown: present(r as unknown as GateRow),
  }));
}

/** Syncs one project candidate; answers what happened. Refused credentials propagate. */
async function syncCandidate(
  db: Knex,
  config: Config,
  row: IntegrationRow,
  provider: AtsProvider,
  jobId: string,
  c: CandidateRow,
): Promise<Outcome> {
  const stage = STAGE_KEY[c.stage];
  if (c.remote_id) {
    if (c.synced_stage === c.stage || !(PUSHED.includes(c.stage) || c.stage === STAGES.rejected)) return 'skipped';
    if (!(await stillSendable(db, c.candidate_id))) return 'skipped'; // erased or withdrawn since read (syncGuard.ts)
    await provider.moveApplication(c.remote_id, stage, jobId);
    await db('integration_links')
      .where('id', c.link_id)
      .update({ synced_stage: c.stage, remote_changed_at: new Date(), updated_at: new Date() });
    return 'updated';
  }
  if (!PUSHED.includes(c.stage)) return 'skipped';
  if (!seesStatus('company', c)) return ['skipped', 'notVisible'];
  const { shown } = c;
  if (!shown.contact?.email) return ['skipped', 'notRevealed'];
  if (!(await stillSendable(db, c.candidate_id))) return 'skipped'; // erased or withdrawn since read (syncGuard.ts)
  const person: AtsPerson = {
    firstName: shown.firstName ?? '',
    lastName: shown.lastName ?? '',
    email: shown.contact.email,
    phone: shown.contact.phone,
    summary: c.summary,
    cv: await cvFor(config, row.company_id, c),
  };
  const placed = await provider.placeApplication(jobId, person, stage, c.known_candidate_id);
  // A person erased during the call gets no link: the record goes to their erasure (syncGuard.ts).
  const write = (trx: Knex.Transaction) =>
    trx('integration_links')
      .insert({
        integration_id: row.id,
        local_kind: LINK_KIND.projectCandidate,
        local_id: c.pc_id,
        remote_id: placed.remoteId,
        remote_candidate_id: placed.candidateId,
        // Whether the product made the person there: only such a person is erased there with the candidate.
        remote_person_created: placed.found === 'new',
        synced_stage: c.stage,
        remote_changed_at: new Date(),
      })
      .onConflict(['integration_id', 'local_kind', 'local_id'])
      .merge(['remote_id', 'remote_candidate_id', 'remote_person_created', 'synced_stage', 'remote_changed_at']);
  if (!(await linkUnlessErased(db, row, c.candidate_id, placed, write))) return 'skipped';
  if (placed.found === 'new') return 'created';
  return ['created', placed.found === 'person' ? 'addedToPerson' : 'alreadyOnJob'];
}

/** interviewing and interviewing2 are one kind of stage in every ATS. */
const sameStage = (a: StageKey | null, b: StageKey | undefined) =>
  a === b || (a?.startsWith('interviewing') === true && b?.startsWith('interviewing') === true);

/**
 * Reads the ATS's status of one linked application and keeps it; answers it when it changed in a
 * way the product did not make (not the first read, not the stage the product is at), else null.
 */
async function readBack(
  db: Knex,
  config: Config,
  row: IntegrationRow,
  provider: AtsProvider,
  project: { id: number; remote_id: string },
  c: CandidateRow,
): Promise<string | null> {
  const status = await provider.readStatus(c.remote_id!, project.remote_id);
  if (!status) return null;
  const label = (status.reason ? `${status.label}: ${status.reason}` : status.label).slice(0, 300);
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
        remote_status_since: told ?? (changed ? now : (c.remote_status_since ?? now)),
        remote_read_at: now,
      });
    if (news)
      await atsStatusChanged(trx, config, row, {
        projectId: project.id,
        candidateId: c.candidate_id,
        candidate: c.shown.name,
        status: label,
      });
  });
  return news ? label : null;
}

/** Runs one sync of integration `id`; a removed or unconnected one, or one of a company not active, is left alone. */
export async function runSync(db: Knex, config: Config, id: number, trigger: number): Promise<number | undefined> {
  const row = await integrationById(db, id);
  if (!row || row.status === INTEGRATION_STATUS.recorded || !row.credentials) return undefined;
  if (!(await db('companies').where({ id: row.company_id, status: COMPANY_ACTIVE }).first('id'))) return undefined;
  const [{ id: runId }] = await db('integration_runs').insert({ integration_id: id, trigger }).returning('id');
  const entries: RunEntry[] = [];
  // Whose each entry is: those of candidates erased during the run are left out of the log.
  const whose = new Map<RunEntry, number>();
  const log = (e: RunEntry, candidateId: number) => {
    entries.push(e);
    whose.set(e, candidateId);
  };
  let error: string | null = null;
  try {
    const provider = providerOf(db, config, row);
    await pullJobs(db, id, provider);
    const projects = await db('integration_links as l')
      .join('projects as p', 'p.id', 'l.local_id')
      .where({ 'l.integration_id': id, 'l.local_kind': LINK_KIND.project, 'p.company_id': row.company_id })
      .whereNot('p.status', PROJECT_STATUS.inactive)
      .select('p.id', 'p.title', 'l.remote_id');
    for (const project of projects) {
      for (const c of await candidatesOf(db, id, project.id)) {
        const { name } = c.shown;
        try {
          const outcome = await syncCandidate(db, config, row, provider, project.remote_id, c);
          if (outcome === 'skipped') continue; // nothing to do: not counted
          const [kind, reason] = Array.isArray(outcome) ? outcome : [outcome, undefined];
          const said = reason ? { reason: t(`integrations.runReasons.${reason}`) } : {};
          log({ project: project.title, candidate: name, outcome: kind, ...said }, c.candidate_id);
        } catch (err) {
          if (err instanceof AtsError && err.code === 'auth') throw err;
          if (!(err instanceof AtsError)) logger.error({ err, integrationId: id }, 'integration sync record failed');
          log({ project: project.title, candidate: name, outcome: 'failed', reason: reasonOf(err) }, c.candidate_id);
        }
      }
      // The way back: every linked application of the project, those just added included.
      for (const c of await candidatesOf(db, id, project.id)) {
        if (!c.remote_id) continue;
        const base = { project: project.title, candidate: c.shown.name };
        try {
          const status = await readBack(db, config, row, provider, project, c);
          const reason = status && t('integrations.runReasons.statusChanged', { status });
          if (reason) log({ ...base, outcome: 'statusChanged', reason }, c.candidate_id);
        } catch (err) {
          if (err instanceof AtsError && err.code === 'auth') throw err;
          if (!(err instanceof AtsError)) logger.error({ err, integrationId: id }, 'integration status read failed');
          const reason = t('integrations.runReasons.statusUnread', { reason: reasonOf(err) });
          log({ ...base, outcome: 'failed', reason }, c.candidate_id);
        }
      }
    }
  } catch (err) {
    const auth = err instanceof AtsError && err.code === 'auth';
    error = auth ? t('integrations.authError') : reasonOf(err);
    if (!(err instanceof AtsError)) logger.error({ err, integrationId: id }, 'integration sync failed');
    else logger.warn({ integrationId: id, code: err.code, reason: error }, 'integration sync stopped');
    if (auth) {
      const changed = await db('integrations')
        .where({ id, status: INTEGRATION_STATUS.connected })
        .update({ status: INTEGRATION_STATUS.authError, updated_at: new Date() });
      if (changed) await emailAuthError(db, config, row);
    }
  }
  const synced = await db('integration_links')
    .where({ integration_id: id, local_kind: LINK_KIND.projectCandidate })
    .count<{ n: string }[]>({ n: '*' });
  await db.transaction(async (trx) => {
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
        error,
        finished_at: new Date(),
      });
    // Told once when runs start to fail, not again for each failing run (a vendor down for hours).
    if (error) {
      if (await failureIsNew(trx, id, runId as number, error)) await syncFailed(trx, config, row, { error });
    } else if (count('failed')) await syncFailed(trx, config, row, { failedRecords: count('failed') });
  });
  await db('integrations')
    .where('id', id)
    .update({
      candidates_synced: Number(synced[0].n),
      ...(error ? {} : { last_synced_at: new Date() }),
      updated_at: new Date(),
    });
  return runId as number;
}
