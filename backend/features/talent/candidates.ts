/**
 * Candidates through the API: the generic /candidates routes (the console's talent screens, the
 * candidate's own page) validate a write and trim it to what the caller may change; saveCandidate
 * then checks the candidate's rules against the database and hands it to the one write path
 * (writeCandidates), the same one the bulk import uses. Experience and education rows written on
 * their own follow the same rules (experienceWrites, educationWrites).
 */
import type { Knex } from 'knex';
import { entity } from '../../../schema';
import { educationRules, experienceRules } from '../../../schema/rules/candidate';
import { modelFor } from '../../db/models';
import type { ChildWrite } from '../../crud/children';
import { existingInDatabase, missingRefs } from '../../crud/refs';
import type { Row } from '../../crud/serialize';
import { assertEmailFree, endSessions, personChecks, type EntityWrites, type WriteContext } from '../../crud/writes';
import { badRequest, notFound, type FieldErrors } from '../../errors';
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
}

/** Checks a candidate's change against its rules and the database, then writes it; returns its id. */
export async function saveCandidate(ctx: WriteContext, change: CandidateChange): Promise<number> {
  const { trx } = ctx;
  const stored = change.id === undefined ? undefined : await lockedCandidate(trx, change.id);
  if (change.id !== undefined && !stored) throw notFound();
  const checked = { data: change.data, children: change.children ?? [] };
  fail(candidateProblems(checked, { existing: stored, refs: await referencedIds(trx, checked) }));
  await personChecks(change.data, {
    ...ctx,
    entity: candidate,
    mode: stored ? 'update' : 'create',
    id: change.id,
    existing: stored,
  });
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

export const candidateWrites: EntityWrites = {
  create: (write) => saveCandidate(write, { data: write.data, children: write.children }),
  update: async (write) => {
    await saveCandidate(write, { id: write.id, data: write.data, children: write.children });
  },
  // The status has its own route, which warns before overriding a status the candidate chose.
  statusRoute: 'POST /candidates/update/status',
};

/** Experience rows written on their own: the date rules, and ids checked so a bad one is a field error. */
export const experienceWrites: EntityWrites = {
  check: async (data, { trx, existing }) => {
    fail({
      ...experienceRules(data, existing),
      ...(await missingRefs(entity('candidateExperience'), data, existingInDatabase(trx), true)),
    });
  },
};

export const educationWrites: EntityWrites = {
  check: async (data, { existing }) => fail(educationRules(data, existing)),
};
