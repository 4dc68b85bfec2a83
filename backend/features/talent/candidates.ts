/**
 * Candidates through the API: the generic /candidates routes (the console's talent screens, the
 * candidate's own page) validate a write and trim it to what the caller may change; saveCandidate
 * then checks the candidate's rules against the database and hands it to the one write path
 * (writeCandidates), the same one the bulk import uses. Experience and education rows written on
 * their own follow the same rules (experienceWrites, educationWrites), and their candidate follows
 * them: once the request's rows are written, every candidate they were added to, changed on, moved
 * from or to, or deleted from is written again through the one write path (refreshCandidates), in
 * the request's transaction and in one statement for all of them, so its `updatedAt` moves (a form
 * read before is refused), its match keys and likely twins follow its latest job, and whatever a
 * candidate's write implies holds as for a profile save. The search document follows the rows by
 * itself (the database's triggers). Such a row's candidates are locked before the row is written (in id order, both
 * on a move), as a profile save locks its candidate before rewriting its rows, so the two never wait on each other.
 *
 * A form saves the whole profile it read, so a save from an older copy would put back what changed since (the
 * candidate's pause or anonymity undone by a console form or a tab left open). The forms send the `updatedAt` they
 * read; a profile changed since is refused, 409 'candidates.errors.changedMeanwhile' (field `updatedAt`), and nothing
 * is written: the person reloads and saves again. A save that changes a status the candidate chose themselves also
 * needs `confirm: true` (409 'candidates.errors.selfChosenStatus' without it), as the admins' bulk change does.
 * An admin deleting a candidate cancels their booked interviews first (beforeDelete), as a closed project does.
 * An address that belongs to someone erased is refused, field `email` (services/erasedEmails.ts assertNotErased), on
 * every save that creates a candidate or gives one another address, as the import refuses it: only the person brings
 * their profile back, by signing up (their own email change by code, writeOwnDetails, is theirs too).
 */
import type { Knex } from 'knex';
import { t } from '../../../i18n';
import { entity } from '../../../schema';
import { formatId, parseId } from '../../../schema/lib/ids';
import { educationRules, experienceRules, overridesOwnStatus } from '../../../schema/rules/candidate';
import { modelFor } from '../../db/models';
import type { ChildWrite } from '../../crud/children';
import { existingInDatabase, missingRefs } from '../../crud/refs';
import type { Row } from '../../crud/serialize';
import { assertUnchanged } from '../../crud/staleness';
import { assertEmailFree, endSessions, personChecks, type EntityWrites, type WriteContext } from '../../crud/writes';
import { AppError, badRequest, notFound, type FieldErrors } from '../../errors';
import { assertNotErased } from '../../services/erasedEmails';
import { cancelBookings } from '../../services/interviewBooking';
import { locationCountries } from '../../services/phoneKeys';
import { candidateProblems, referencedIds } from './checkCandidate';
import { attachCvDrafts } from './cv/storedPaths';
import { prepareCandidate, reserveCandidateIds, writeCandidates } from './writeCandidates';

const candidate = entity('candidate');

function fail(errors: FieldErrors): void {
  if (Object.keys(errors).length) throw badRequest(errors);
}

/** The stored candidate, locked until the transaction ends (a write merges over it). */
export async function lockedCandidate(trx: Knex.Transaction, id: number): Promise<Row | undefined> {
  const found = await modelFor(candidate).query(trx).findById(id).forUpdate();
  return found ? (found.toJSON() as Row) : undefined;
}

export interface CandidateChange {
  /** The candidate changed; a new one when absent. */
  id?: number;
  /** Validated fields (validateRecord), or values the caller's own rule sets (a status change). */
  data: Record<string, unknown>;
  children?: ChildWrite[];
  /**
   * The profile's `updatedAt` as the client read it (the GET its form was filled from): the change is refused when the
   * stored profile changed since. Absent: not asked.
   */
  readAt?: string;
  /** The caller confirmed overriding a status the candidate chose themselves (overridesOwnStatus). */
  confirmed?: boolean;
}

const CHANGED_MEANWHILE = 'candidates.errors.changedMeanwhile';

/** Refuses a change made from an older copy of the profile, or over the candidate's own status choice unconfirmed. */
function assertCurrent(stored: Row, change: CandidateChange): void {
  assertUnchanged(stored.updatedAt, change.readAt, CHANGED_MEANWHILE);
  if (!change.confirmed && overridesOwnStatus(stored, change.data))
    throw new AppError(
      409,
      'candidates.errors.selfChosenStatus',
      t('candidates.errors.selfChosenStatusOne'),
      { status: 'candidates.errors.selfChosenStatusOne' },
      { candidates: [formatId(candidate, stored.id)] },
    );
}

/** The `updatedAt` a client sent with its save, if any: a date-time, else a field error. */
function readAtOf(body: Record<string, unknown> | undefined): string | undefined {
  const sent = body?.updatedAt;
  if (sent === undefined || sent === null) return undefined;
  if (typeof sent !== 'string' || Number.isNaN(Date.parse(sent))) throw badRequest({ updatedAt: 'errors.invalid' });
  return sent;
}

/** Checks a candidate's change against its rules and the database, then writes it; returns its id. */
export async function saveCandidate(ctx: WriteContext, change: CandidateChange): Promise<number> {
  const { trx } = ctx;
  const stored = change.id === undefined ? undefined : await lockedCandidate(trx, change.id);
  if (change.id !== undefined && !stored) throw notFound();
  if (stored) assertCurrent(stored, change);
  const checked = { data: change.data, children: change.children ?? [] };
  fail(candidateProblems(checked, { existing: stored, refs: await referencedIds(trx, checked) }));
  await personChecks(change.data, {
    ...ctx,
    entity: candidate,
    mode: stored ? 'update' : 'create',
    id: change.id,
    existing: stored,
  });
  const email = change.data.email;
  if (typeof email === 'string' && email.trim().toLowerCase() !== String(stored?.email ?? '').toLowerCase())
    await assertNotErased(trx, ctx.config, email);
  const id = change.id ?? (await reserveCandidateIds(trx, 1))[0];
  await writeCandidates(trx, [prepareCandidate(checked, id, stored)], { config: ctx.config });
  // After the write, so the draft can name the new profile; a refused draft rolls the write back.
  await attachCvDrafts(trx, change.data, { id, existing: stored, actor: ctx.actor, config: ctx.config });
  return id;
}

/**
 * Moves a candidate to an address they proved they read (the email-change code): nobody else holds
 * it, and every other session of theirs ends.
 */
export async function changeCandidateEmail(ctx: WriteContext, id: number, email: string): Promise<void> {
  await assertEmailFree(ctx.trx, email, { table: candidate.table, id });
  await writeOwnDetails(ctx.trx, ctx.config, id, { email });
  await endSessions(ctx.trx, candidate, [id], ctx.sessionId);
}

/**
 * Fields a candidate changes on their own account page (names, phone, picture, a proven email), already validated,
 * written through the one write path: their match keys, search document and effects follow as for any other write.
 */
export async function writeOwnDetails(
  trx: Knex.Transaction,
  config: WriteContext['config'],
  id: number,
  data: Record<string, unknown>,
): Promise<void> {
  const stored = await lockedCandidate(trx, id);
  if (!stored) throw notFound();
  await writeCandidates(trx, [prepareCandidate({ data, children: [] }, id, stored)], { config });
}

/**
 * The country (ISO code) a candidate's national phone number is read in: their current location's, as the form sends
 * it (`body`), else as stored (`existing`). The profile form reads it the same way (ui/candidate-profile/profileResolver.ts).
 */
export async function candidatePhoneCountry(knex: Knex, body: unknown, existing?: Row): Promise<string | undefined> {
  const sent = body && typeof body === 'object' && 'currentLocationId' in body;
  const raw = sent ? (body as Record<string, unknown>).currentLocationId : existing?.currentLocationId;
  const id = raw === null || raw === undefined ? undefined : parseId(entity('city'), raw);
  return id === undefined ? undefined : (await locationCountries(knex, [id])).get(id);
}

export const candidateWrites: EntityWrites = {
  phoneCountry: candidatePhoneCountry,
  create: (write) => saveCandidate(write, { data: write.data, children: write.children }),
  update: async (write) => {
    const { body } = write;
    await saveCandidate(write, {
      id: write.id,
      data: write.data,
      children: write.children,
      readAt: readAtOf(body),
      // A capability writing on its own authority (no body: a correction the candidate asked for) needs no confirm.
      confirmed: !body || body.confirm === true,
    });
  },
  // An admin's delete takes the candidate's interview requests by cascade: their booked interviews are cancelled
  // first, the interviewer and the candidate emailed the calendar cancellation (services/interviewBooking.ts).
  beforeDelete: async ({ trx, config, existing }) => {
    await cancelBookings(trx, config, { candidateIds: [existing.id as number] });
  },
  // The status has its own route, which warns before overriding a status the candidate chose.
  statusRoute: 'POST /candidates/update/status',
  // The generic router's check of a save from an older copy answers in the profile's words, as assertCurrent does.
  changedMeanwhile: CHANGED_MEANWHILE,
};

/**
 * Writes candidates again through the one write path, with no change of their own: what the write keeps
 * derived from the profile (its `updatedAt`, match keys, likely twins, effects) follows rows written beside it.
 * One locking read and one write for all of them, in id order.
 */
export async function refreshCandidates(
  trx: Knex.Transaction,
  config: WriteContext['config'],
  ids: number[],
): Promise<void> {
  if (!ids.length) return;
  const rows = (await lockedCandidates(trx, ids)).map((stored) =>
    prepareCandidate({ data: {}, children: [] }, stored.id, stored),
  );
  await writeCandidates(trx, rows, { config });
}

/** The stored candidates `ids`, locked until the transaction ends, taken in id order. */
async function lockedCandidates(trx: Knex.Transaction, ids: number[]): Promise<Row[]> {
  if (!ids.length) return [];
  const found = await modelFor(candidate).query(trx).findByIds(ids).orderBy('id').forUpdate();
  return found.map((f) => f.toJSON() as Row);
}

/** The candidates whose rows a request's transaction wrote on their own, refreshed once its writes are done. */
const touchedParents = new WeakMap<Knex.Transaction, Set<number>>();

/** The candidate a row is written on, and the one it leaves when moved: both are refreshed (settle). */
function touchParents(trx: Knex.Transaction, ...ids: unknown[]): number[] {
  let set = touchedParents.get(trx);
  if (!set) touchedParents.set(trx, (set = new Set()));
  const named = ids.filter((id): id is number => typeof id === 'number');
  for (const id of named) set.add(id);
  return named;
}

/**
 * Locks the candidates a child row is written on (both, on a move) before the row itself is written, in id order: a
 * profile save locks its candidate and then rewrites its rows, so a row written first and its candidate locked only
 * at the refresh would take the two the other way round, and the two writes at the same moment could deadlock.
 */
async function lockParents(trx: Knex.Transaction, ...ids: unknown[]): Promise<void> {
  await lockedCandidates(trx, [...new Set(touchParents(trx, ...ids))]);
}

/** The refresh of a child row's candidates, after a create, an update (a move included) or a delete. */
const parentFollows: Pick<EntityWrites, 'beforeDelete' | 'settle'> = {
  beforeDelete: async ({ trx, existing }) => lockParents(trx, existing.candidateId),
  settle: async ({ trx, config }) => {
    const ids = touchedParents.get(trx);
    touchedParents.delete(trx);
    if (ids) await refreshCandidates(trx, config, [...ids]);
  },
};

/** Experience rows written on their own: the date rules, and ids checked so a bad one is a field error. */
export const experienceWrites: EntityWrites = {
  check: async (data, { trx, existing }) => {
    fail({
      ...experienceRules(data, existing),
      ...(await missingRefs(entity('candidateExperience'), data, existingInDatabase(trx), true)),
    });
    await lockParents(trx, existing?.candidateId, data.candidateId);
  },
  ...parentFollows,
};

export const educationWrites: EntityWrites = {
  check: async (data, { trx, existing }) => {
    fail(educationRules(data, existing));
    await lockParents(trx, existing?.candidateId, data.candidateId);
  },
  ...parentFollows,
};
