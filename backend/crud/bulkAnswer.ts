/**
 * The one shape of a bulk request's answer per key, shared by the bulk deletion (bulkDelete.ts) and every bulk status
 * change (the generic `PUT /<resource>/status`, the talent's and the team's): keys are ids as the API shows them
 * ('Tags:31'), and `gone` names those no longer there (deleted meanwhile) or out of the caller's reach, which read the
 * same, as a single request's 404 does. A bulk status change skips them and changes the others in one transaction:
 *   { success: true, updated: <status changed>, unchanged: <already had it>, gone: [keys] }
 */
import type { EntityDef } from '../../schema';
import { formatId } from './ids';

/** What every per-key answer carries. */
export interface GoneKeys {
  success: true;
  gone: string[];
}

/** A bulk status change answered: how many changed, how many already had the status, and the keys gone. */
export interface StatusAnswer extends GoneKeys {
  updated: number;
  unchanged: number;
}

/** The key the API shows for an id of `entity`. */
export const keyOf = (entity: EntityDef) => (id: number) => String(formatId(entity, id));

/** The ids asked for that are not among those found, in the order asked. */
export function missingOf(wanted: readonly number[], found: Iterable<number>): number[] {
  const there = new Set(found);
  return wanted.filter((id) => !there.has(id));
}

/** The answer of a bulk status change of `entity`. */
export function statusAnswer(entity: EntityDef, counts: { updated: number; unchanged: number; gone: number[] }) {
  const answer: StatusAnswer = {
    success: true,
    updated: counts.updated,
    unchanged: counts.unchanged,
    gone: counts.gone.map(keyOf(entity)),
  };
  return answer;
}
