/**
 * Which profile's value survives a merge, field by field: the admin's choice, else the one that
 * holds something, else the newer profile's (the one written last). Tags are the union of both.
 * Fields derived from another (preferredLocationIds from preferredLocations) follow their source.
 * What the person chose about being seen is the exception (PROTECTIVE): where the two differ, the side that shows
 * them less is the default, whichever is newer, as the consents' merge keeps a withdrawal (merge.ts).
 */
import { createHash } from 'node:crypto';
import { entity } from '../../../schema';
import { CANDIDATE_STATUS } from '../../../schema/entities/talentOptions';

const candidate = entity('candidate');

/** Never chosen: identity of the row itself and what the product keeps on its own. */
const FIXED = new Set(['guid', 'createdAt', 'updatedAt', 'tags']);

/** The profile fields an admin chooses between, in the form's order. */
export const MERGE_FIELDS: string[] = Object.entries(candidate.fields)
  .filter(([name, def]) => !FIXED.has(name) && !def.derivedFrom && !def.hidden)
  .map(([name]) => name);

/**
 * Columns that go with another field's: who chose the status (selfChosenStatus) and the status a pause left
 * (pausedFrom, what an activation returns to) describe the status they came with, never the other profile's.
 */
const COMPANIONS: Record<string, string[]> = { status: ['selfChosenStatus', 'pausedFrom'] };

/** A field's columns: its own, those derived from it and its companions. */
export function columnsOf(field: string): string[] {
  const derived = Object.entries(candidate.fields)
    .filter(([, def]) => def.derivedFrom?.field === field)
    .map(([name]) => name);
  return [field, ...derived, ...(COMPANIONS[field] ?? [])].map(snake);
}

export const snake = (s: string) => s.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

export type Side = 'survivor' | 'merged';
export type Choices = Record<string, Side>;
type Row = Record<string, unknown>;

const empty = (v: unknown) =>
  v === null ||
  v === undefined ||
  v === '' ||
  (Array.isArray(v) && v.length === 0) ||
  (typeof v === 'object' && !Array.isArray(v) && v !== null && Object.keys(v).length === 0);

const paused = (row: Row) => row.status === CANDIDATE_STATUS.inactive;

/** A profile its person paused themselves (or that retention archived, which pauses it as theirs): hidden from all. */
export const selfPaused = (row: Row) => paused(row) && row.self_chosen_status === true;

/** The side for which `guarded` holds when it holds for one side only; else none (the ordinary default). */
const sideWhere =
  (guarded: (row: Row) => boolean) =>
  (survivor: Row, merged: Row): Side | undefined =>
    guarded(survivor) === guarded(merged) ? undefined : guarded(survivor) ? 'survivor' : 'merged';

/** A pause of the person's own over a profile not paused; two paused profiles (one by an admin) take the ordinary default. */
const pauseStands = (survivor: Row, merged: Row): Side | undefined =>
  paused(survivor) && paused(merged) ? undefined : sideWhere(selfPaused)(survivor, merged);

/**
 * The person's choices about being seen: where the two profiles differ, the more protective side is the default.
 * A pause of their own stands over an active profile; anonymous over named; hidden (visibility false; true or unset
 * shows the profile, candidateGate/sql.ts) over visible. An admin's explicit `keep` may still pick the other side
 * (un-pausing a self-paused person asks for confirmation first, as the bulk status change does: merge.ts).
 */
const PROTECTIVE: Record<string, (survivor: Row, merged: Row) => Side | undefined> = {
  status: pauseStands,
  anonymous: sideWhere((row) => row.anonymous === true),
  visibility: sideWhere((row) => row.visibility === false),
};

/** The protective fields and their companions: an admin's explicit choice of one of them overrides the person's. */
export const PROTECTIVE_FIELDS: string[] = Object.keys(PROTECTIVE).flatMap((f) => [f, ...(COMPANIONS[f] ?? [])]);

/**
 * A digest of the two profiles' protective columns, whichever side is kept (in id order): the review reads it with
 * its defaults, and a merge whose admin chose a protective field is refused once it changed (merge.ts), as the
 * person's later choice about being seen would be overridden by a choice made before it.
 */
export function protectiveStamp(a: Row, b: Row): string {
  const cols = PROTECTIVE_FIELDS.map(snake);
  const values = [a, b]
    .sort((x, y) => Number(x.id) - Number(y.id))
    .map((row) => [row.id, ...cols.map((c) => row[c] ?? null)]);
  return createHash('sha256').update(JSON.stringify(values)).digest('hex').slice(0, 32);
}

/** Rows are the candidates' database rows (snake_case columns). */
export function defaultChoices(survivor: Row, merged: Row): Choices {
  const newer: Side =
    new Date(String(merged.updated_at)).getTime() > new Date(String(survivor.updated_at)).getTime()
      ? 'merged'
      : 'survivor';
  const choices: Choices = {};
  for (const field of MERGE_FIELDS) {
    const col = snake(field);
    const [s, m] = [survivor[col], merged[col]];
    choices[field] =
      PROTECTIVE[field]?.(survivor, merged) ??
      (empty(m) ? 'survivor' : empty(s) ? 'merged' : JSON.stringify(s) === JSON.stringify(m) ? 'survivor' : newer);
  }
  return withCompanions(choices);
}

/** A companion field takes its leader's side, whatever was asked for it alone. */
function withCompanions(choices: Choices): Choices {
  for (const [leader, companions] of Object.entries(COMPANIONS))
    for (const c of companions) if (MERGE_FIELDS.includes(c)) choices[c] = choices[leader];
  return choices;
}

/** The choices a merge applies: the admin's `keep` over the defaults, companions following their leader. */
export function choicesFor(survivor: Row, merged: Row, keep: Choices = {}): Choices {
  return withCompanions({ ...defaultChoices(survivor, merged), ...keep });
}

/** The survivor's row after the merge: each chosen field's columns from its side, tags from both. */
export function mergedRow(survivor: Row, merged: Row, choices: Choices): Row {
  const row = { ...survivor };
  for (const field of MERGE_FIELDS) {
    if (choices[field] !== 'merged') continue;
    for (const col of columnsOf(field)) row[col] = merged[col];
  }
  const tags = [...new Set([...((survivor.tags as number[]) ?? []), ...((merged.tags as number[]) ?? [])])];
  row.tags = tags;
  return row;
}
