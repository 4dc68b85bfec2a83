/**
 * Pushing one project candidate to the ATS, the records the sync reads for it, and what it does when
 * the ATS no longer has what the product linked (sync.ts runs it for each candidate of a linked
 * project):
 * - an application the ATS answers 404 for (deleted there) is forgotten and placed again once in
 *   the same run, through the same checks as a first push (the gate, consent and erasure guards of
 *   syncGuard.ts); a rejected candidate's gone application is only forgotten, never made again;
 * - a person id the ATS answers 404 for (deleted or merged away) is left for the person found again
 *   by email, or made, as a first push does (the provider says `relinked`); the candidate's other
 *   links that named the stale person are pointed at that person;
 * - a person the ATS creates (Greenhouse, Ashby) is linked as made here before their application is asked
 *   for (keepMadePerson): a refused application leaves that link without one, for the next run to add;
 * - an application placed on another job than the one its project is linked to now (the project was relinked)
 *   is left on that job: the person it names (reused, never made again) gets an application on the new job,
 *   which the link then names, with the status read from it; a candidate no longer pushed (rejected) is not
 *   added to the new job; the old application is kept in integration_former_applications for the candidate's
 *   erasure (dataRights/eraseAts.ts);
 * - a move between product stages that are one stage in every ATS (Interview and Interview 2: sameStage) sends
 *   nothing: the application stays where it is (a Greenhouse move without its target would advance it);
 * - a create the ATS left unanswered (a time-out, a dropped connection, a 5xx: it may have kept the record) is not
 *   sent again: the adapter looks the record up (the person by email, the application on the job) and the one
 *   found is linked, the report saying the answer was lost and the record found (a person found so is the one the
 *   product's create made); found nothing, the record fails saying so and the next run looks again before creating
 *   (adapters/ats/lost.ts);
 * - an application hired in the ATS is never moved back: linked, left as it is and reported so; one rejected there
 *   and moved on here is reactivated first, as the vendor does it; one the ATS already has at the stage the product
 *   wants (as synced, or as read back) gets no call and is kept as synced;
 * - what happened is the record's entry in the run's report, with its reason.
 * Nothing here loops: a record is placed at most once a run, and the next run starts from the links
 * as they stand.
 */
import { subject as asSubject } from '@casl/ability';
import type { Knex } from 'knex';
import { t } from '../../../i18n';
import { abilityFor } from '../../../schema/ability';
import { LINK_KIND } from '../../../schema/rules/ats';
import { STAGES, type StageKey } from '../../../schema/rules/pipeline';
import { consentWithdrawnSql } from '../../../schema/rules/consents';
import { seesStatus, type CandidateFacts } from '../../../schema/rules/visibility';
import { isGone, type AtsMoved, type AtsPerson, type AtsPlacement, type AtsProvider } from '../../adapters/ats';
import { storageFor } from '../../adapters/storage/select';
import type { Config } from '../../config';
import {
  inProject,
  present,
  shownColumns,
  withoutGateColumns,
  type GateRow,
  type ShownCandidate,
} from '../../services/candidateGate';
import { CV_CONTENT_TYPES, type CvType } from '../../services/documents/extractText';
import type { IntegrationRow } from './store';
import { linkUnlessErased, stillSendable } from './syncGuard';

/** Stages at which a candidate is pushed to the ATS; a rejection is followed only for those already there. */
export const PUSHED: readonly number[] = [
  STAGES.shortlist,
  STAGES.interviewing,
  STAGES.interviewing2,
  STAGES.offered,
  STAGES.placed,
];
export const STAGE_KEY = Object.fromEntries(Object.entries(STAGES).map(([k, v]) => [v, k])) as Record<number, StageKey>;

export interface RunEntry {
  project: string;
  /** The candidate's name where the company sees it; null otherwise. */
  candidate: string | null;
  /** statusChanged: the ATS moved the application (read back, not counted as a push). */
  outcome: 'created' | 'updated' | 'skipped' | 'failed' | 'statusChanged';
  reason?: string;
}

/** interviewing and interviewing2 are one kind of stage in every ATS (each adapter maps both to its interview stage). */
export const sameStage = (a: StageKey | null | undefined, b: StageKey | null | undefined) =>
  a === b || (a?.startsWith('interviewing') === true && b?.startsWith('interviewing') === true);

/** A link's read-back status, unread: the next read is a first one. */
const FRESH_STATUS = { remote_status: null, remote_stage: null, remote_status_since: null, remote_read_at: null };

export type Outcome = RunEntry['outcome'] | [RunEntry['outcome'], string];

/** The report's reason for an application the person already had on the job, by what the provider did with it. */
const ON_JOB: Record<AtsMoved, string> = {
  hired: 'hiredKept',
  reactivated: 'alreadyOnJobReactivated',
  there: 'alreadyThere',
};

/** A project candidate to sync: the row's facts, and the person as the project's company sees them (the gate). */
export interface CandidateRow extends CandidateFacts {
  pc_id: number;
  stage: number;
  candidate_id: number;
  summary: string | null;
  link_id: number | null;
  remote_id: string | null;
  /** The job the application was placed on (null for a person made here whose application was refused). */
  remote_job_id: string | null;
  /** The person's id in the ATS this project's link names, and whether the product made that person. */
  remote_candidate_id: string | null;
  remote_person_created: boolean | null;
  synced_stage: number | null;
  remote_status: string | null;
  /** The product stage the ATS's status matched when last read back (a stage key), if any. */
  remote_stage: string | null;
  remote_status_since: Date | null;
  /** When a read back found the application gone from the ATS (deleted there), if it did. */
  remote_gone_at: Date | null;
  /** The person's id in the ATS from a link of this candidate in another project, if any. */
  known_candidate_id: string | null;
  shown: ShownCandidate;
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

export async function candidatesOf(db: Knex, integrationId: number, projectId: number): Promise<CandidateRow[]> {
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
      'l.remote_job_id',
      'l.remote_candidate_id',
      'l.remote_person_created',
      'l.synced_stage',
      'l.remote_status',
      'l.remote_stage',
      'l.remote_status_since',
      'l.remote_gone_at',
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

/** A run report's reason, from the catalogue (i18n integrations.runReasons). */
export function runReason(reason: string, values: Record<string, string> = {}): string {
  return t(`integrations.runReasons.${reason}`, values);
}

/**
 * Moves a linked application: 'updated' (with 'reactivated' when the ATS had it rejected and took it back first);
 * 'skipped' when the ATS has it at the new stage already (the stage synced or read back: nothing sent, the stage kept
 * as synced), or with 'hiredKept' when it is hired there (left as it is); 'gone' when the ATS no longer has it and
 * the stale link was forgotten.
 */
async function moveLinked(db: Knex, provider: AtsProvider, jobId: string, c: CandidateRow): Promise<Outcome | 'gone'> {
  const inStep = (key: StageKey | null | undefined) => key != null && sameStage(key, STAGE_KEY[c.stage]);
  const keep = () =>
    db('integration_links').where('id', c.link_id).update({ synced_stage: c.stage, updated_at: new Date() });
  // The ATS has it there already, as synced or as last read (a hire made there, then the card moved to Placed).
  if (inStep(c.synced_stage === null ? null : STAGE_KEY[c.synced_stage]) || inStep(c.remote_stage as StageKey)) {
    await keep();
    return 'skipped';
  }
  let moved: AtsMoved | void;
  try {
    moved = await provider.moveApplication(c.remote_id!, STAGE_KEY[c.stage], jobId);
  } catch (err) {
    if (!isGone(err)) throw err;
    await db('integration_links').where('id', c.link_id).delete();
    return 'gone';
  }
  if (moved === 'there' || moved === 'hired') {
    await keep();
    return moved === 'there' ? 'skipped' : ['skipped', 'hiredKept'];
  }
  await db('integration_links')
    .where('id', c.link_id)
    .update({ synced_stage: c.stage, remote_job_id: jobId, remote_changed_at: new Date(), updated_at: new Date() });
  return moved === 'reactivated' ? ['updated', 'reactivated'] : 'updated';
}

/** The candidate's other links naming a person the ATS no longer has now name the one just placed. */
async function repointStale(
  trx: Knex.Transaction,
  row: IntegrationRow,
  c: CandidateRow,
  stale: string,
  placed: AtsPlacement,
) {
  await trx('integration_links')
    .where({ integration_id: row.id, local_kind: LINK_KIND.projectCandidate, remote_candidate_id: stale })
    .whereIn('local_id', trx('project_candidates').where('candidate_id', c.candidate_id).select('id'))
    // Only a person the product made is the product's to erase there (dataRights/erase.ts).
    .update({ remote_candidate_id: placed.candidateId, remote_person_created: placed.found === 'new' });
  // And the applications left on jobs the project was relinked away from.
  await trx('integration_former_applications')
    .where({ integration_id: row.id, candidate_id: c.candidate_id, remote_candidate_id: stale })
    .update({ remote_candidate_id: placed.candidateId, remote_person_created: placed.found === 'new' });
}

/**
 * The application the link named on the job its project was relinked away from, left there with the person's data:
 * kept, so the candidate's erasure lists and erases it as it does the linked ones (dataRights/eraseAts.ts).
 */
async function keepFormer(trx: Knex.Transaction, row: IntegrationRow, c: CandidateRow) {
  await trx('integration_former_applications')
    .insert({
      integration_id: row.id,
      candidate_id: c.candidate_id,
      remote_id: c.remote_id,
      remote_job_id: c.remote_job_id,
      remote_candidate_id: c.remote_candidate_id,
      remote_person_created: c.remote_person_created === true,
    })
    .onConflict(['integration_id', 'remote_id'])
    .ignore();
}

/**
 * Links a person the ATS just created for the candidate, before their application is asked for: an application
 * refused then leaves the link with no application (remote_id '') naming the person as made by the product, so
 * the next run adds the application to that person (found by id, still made here) and an erasure deletes them.
 */
async function keepMadePerson(db: Knex, row: IntegrationRow, c: CandidateRow, candidateId: string): Promise<void> {
  const made: AtsPlacement = { remoteId: '', candidateId, found: 'new' };
  await linkUnlessErased(db, row, c.candidate_id, made, (trx) =>
    trx('integration_links')
      .insert({
        integration_id: row.id,
        local_kind: LINK_KIND.projectCandidate,
        local_id: c.pc_id,
        candidate_id: c.candidate_id,
        remote_id: '',
        remote_job_id: null,
        remote_candidate_id: candidateId,
        remote_person_created: true,
      })
      .onConflict(['integration_id', 'local_kind', 'local_id'])
      .merge(['candidate_id', 'remote_id', 'remote_job_id', 'remote_candidate_id', 'remote_person_created']),
  );
}

/**
 * Syncs one project candidate; answers what happened. Refused credentials propagate. A linked
 * application the ATS no longer has is forgotten and placed again once (see the module's docblock).
 */
export async function syncCandidate(
  db: Knex,
  config: Config,
  row: IntegrationRow,
  provider: AtsProvider,
  jobId: string,
  c: CandidateRow,
): Promise<Outcome> {
  const stage = STAGE_KEY[c.stage];
  let gone = false;
  // The project was relinked to another job since this application was placed: the person gets one on this job.
  const moved = Boolean(c.remote_id && c.remote_job_id && c.remote_job_id !== jobId);
  if (moved && !PUSHED.includes(c.stage)) return 'skipped';
  if (c.remote_id && !moved) {
    if (c.synced_stage === c.stage || !(PUSHED.includes(c.stage) || c.stage === STAGES.rejected)) return 'skipped';
    if (!(await stillSendable(db, c.candidate_id))) return 'skipped'; // erased or withdrawn since read (syncGuard.ts)
    const followed = await moveLinked(db, provider, jobId, c);
    if (followed !== 'gone') return followed;
    if (!PUSHED.includes(c.stage)) return ['skipped', 'applicationGoneRejected'];
    gone = true;
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
  // The person this link named comes first when its application is gone: the person may still be there.
  const known = ((gone || moved) && c.remote_candidate_id) || c.known_candidate_id;
  const placed = await provider.placeApplication(jobId, person, stage, known, (candidateId) =>
    keepMadePerson(db, row, c, candidateId),
  );
  // Whether the product made the person there: only such a person is erased there with the candidate. A gone
  // application placed again on the same person (or one placed on the new job) keeps what its link knew.
  const made =
    placed.found === 'new' || (placed.candidateId === c.remote_candidate_id && c.remote_person_created === true);
  // A person erased during the call gets no link: the record goes to their erasure (syncGuard.ts).
  const write = async (trx: Knex.Transaction) => {
    await trx('integration_links')
      .insert({
        integration_id: row.id,
        local_kind: LINK_KIND.projectCandidate,
        local_id: c.pc_id,
        candidate_id: c.candidate_id,
        remote_id: placed.remoteId,
        remote_candidate_id: placed.candidateId,
        remote_person_created: made,
        remote_job_id: jobId,
        synced_stage: c.stage,
        remote_changed_at: new Date(),
        // The old job's status is not this application's: read afresh (a first read, told to nobody).
        ...(moved && FRESH_STATUS),
      })
      .onConflict(['integration_id', 'local_kind', 'local_id'])
      .merge([
        'candidate_id',
        'remote_id',
        'remote_job_id',
        'remote_candidate_id',
        'remote_person_created',
        'synced_stage',
        'remote_changed_at',
        ...(moved ? Object.keys(FRESH_STATUS) : []),
      ]);
    if (moved && placed.remoteId !== c.remote_id) await keepFormer(trx, row, c);
    if (placed.relinked && known) await repointStale(trx, row, c, known, placed);
  };
  if (!(await linkUnlessErased(db, row, c.candidate_id, placed, write))) return 'skipped';
  // A create left unanswered, settled by the look-up after it: what the report says of it (adapters/ats/lost.ts).
  if (placed.settled) return ['created', placed.settled === 'person' ? 'personLost' : 'applicationLost'];
  if (placed.relinked) return ['created', placed.found === 'new' ? 'personGoneAdded' : 'personGone'];
  if (gone) return ['created', 'applicationGone'];
  if (placed.found === 'new') return 'created';
  if (placed.found === 'person') return ['created', 'addedToPerson'];
  // What became of the application the person already had on the job: the report says what really happened.
  return ['created', placed.moved ? ON_JOB[placed.moved] : 'alreadyOnJob'];
}
