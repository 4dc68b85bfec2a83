/**
 * One job or one school held by both profiles is kept once by a merge (merge.ts): the merged profile's entry that
 * repeats one of the survivor's goes (journaled whole, an undo puts it back), and the survivor's takes from it what it
 * lacks (its description, place, industry: journaled as it was). Entries repeat when their names read as one the way
 * duplicate detection reads them (keys.ts: accents, case and punctuation aside, an employer without its legal form,
 * 'Deloitte Pte. Ltd.' and 'DELOITTE') and their dates are the same: a job's start, and its end unless both are
 * current (a current job's stored end is only the day it was written); a school's years.
 */
import type { Knex } from 'knex';
import { employerSql, plain } from './keys';

type Remove = (table: string, where: string, bindings: readonly Knex.RawBinding[]) => Promise<unknown>;
type Change = (table: string, ids: number[]) => Promise<void>;

const text = (col: string) => plain(`coalesce(${col}, '')`);

/** Per table: when the merged profile's entry `t` repeats the survivor's `o`, and what `o` takes from `t` it lacks. */
const HISTORY = [
  {
    table: 'candidate_experiences',
    same: `${text('o.title')} = ${text('t.title')} and ${employerSql("coalesce(o.company, '')")} = ${employerSql("coalesce(t.company, '')")}
           and o.start_date is not distinct from t.start_date
           and (o.current_position and t.current_position
                or not o.current_position and not t.current_position and o.end_date is not distinct from t.end_date)`,
    fill: ['description', 'location', 'country_id', 'industry_id'],
  },
  {
    table: 'candidate_educations',
    same: `${text('o.institute')} = ${text('t.institute')} and ${text('o.degree')} = ${text('t.degree')}
           and ${text('o.field_of_study')} = ${text('t.field_of_study')}
           and o.start_year is not distinct from t.start_year and o.end_year is not distinct from t.end_year`,
    fill: ['description'],
  },
];

/** Keeps once each entry of the merged profile `m` that repeats one of the survivor `s`'s (before the rest moves). */
export async function keepHistoryOnce(
  trx: Knex.Transaction,
  s: number,
  m: number,
  remove: Remove,
  change: Change,
): Promise<void> {
  for (const h of HISTORY) {
    // Each repeated entry of the merged profile with the survivor's one it repeats (its first, by id).
    const pairs = `select distinct on (t.id) t.id as drop, o.id as keep from ${h.table} t
                     join ${h.table} o on o.candidate_id = ? and (${h.same})
                    where t.candidate_id = ? order by t.id, o.id`;
    const found = (await trx.raw(pairs, [s, m])).rows as { drop: number; keep: number }[];
    if (!found.length) continue;
    await change(h.table, [...new Set(found.map((p) => p.keep))]);
    const sets = h.fill.map((c) => `${c} = coalesce(o.${c}, t.${c})`).join(', ');
    await trx.raw(
      `update ${h.table} o set ${sets} from (${pairs}) p join ${h.table} t on t.id = p.drop where o.id = p.keep`,
      [s, m],
    );
    await remove(h.table, 't.id = any(?::int[])', [found.map((p) => p.drop)]);
  }
}
