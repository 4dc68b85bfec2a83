/**
 * Which profile's value survives a merge, field by field: the admin's choice, else the one that
 * holds something, else the newer profile's (the one written last). Tags are the union of both.
 * Fields derived from another (preferredLocationIds from preferredLocations) follow their source.
 */
import { entity } from '../../../schema';

const candidate = entity('candidate');

/** Never chosen: identity of the row itself and what the product keeps on its own. */
const FIXED = new Set(['guid', 'createdAt', 'updatedAt', 'tags']);

/** The profile fields an admin chooses between, in the form's order. */
export const MERGE_FIELDS: string[] = Object.entries(candidate.fields)
  .filter(([name, def]) => !FIXED.has(name) && !def.derivedFrom && !def.hidden)
  .map(([name]) => name);

/** A field's columns: its own and those derived from it. */
export function columnsOf(field: string): string[] {
  const derived = Object.entries(candidate.fields)
    .filter(([, def]) => def.derivedFrom?.field === field)
    .map(([name]) => name);
  return [field, ...derived].map(snake);
}

export const snake = (s: string) => s.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

export type Side = 'survivor' | 'merged';
export type Choices = Record<string, Side>;

const empty = (v: unknown) =>
  v === null ||
  v === undefined ||
  v === '' ||
  (Array.isArray(v) && v.length === 0) ||
  (typeof v === 'object' && !Array.isArray(v) && v !== null && Object.keys(v).length === 0);

/** Rows are the candidates' database rows (snake_case columns). */
export function defaultChoices(survivor: Record<string, unknown>, merged: Record<string, unknown>): Choices {
  const newer: Side =
    new Date(String(merged.updated_at)).getTime() > new Date(String(survivor.updated_at)).getTime()
      ? 'merged'
      : 'survivor';
  const choices: Choices = {};
  for (const field of MERGE_FIELDS) {
    const col = snake(field);
    const [s, m] = [survivor[col], merged[col]];
    choices[field] = empty(m)
      ? 'survivor'
      : empty(s)
        ? 'merged'
        : JSON.stringify(s) === JSON.stringify(m)
          ? 'survivor'
          : newer;
  }
  return choices;
}

/** The survivor's row after the merge: each chosen field's columns from its side, tags from both. */
export function mergedRow(
  survivor: Record<string, unknown>,
  merged: Record<string, unknown>,
  choices: Choices,
): Record<string, unknown> {
  const row = { ...survivor };
  for (const field of MERGE_FIELDS) {
    if (choices[field] !== 'merged') continue;
    for (const col of columnsOf(field)) row[col] = merged[col];
  }
  const tags = [...new Set([...((survivor.tags as number[]) ?? []), ...((merged.tags as number[]) ?? [])])];
  row.tags = tags;
  return row;
}
