/** Two profiles of one person written straight to the database, found as twins, the second merged into the first. */
import type { Knex } from 'knex';
import { findTwins, mergeCandidates, refreshKeys } from '../../backend/features/duplicates';

/** The two sizes a console screen is checked at: a laptop and a phone. */
export const SCREENS = [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
];

/** `first` `last` kept, `first` `last`+o merged into it, sharing a phone (`n` tells runs apart); their ids. */
export async function mergedPair(knex: Knex, first: string, last: string, n: number): Promise<[number, number]> {
  const ids: number[] = [];
  for (const lastName of [last, `${last}o`]) {
    const [{ id }] = await knex('candidates')
      .insert({
        first_name: first,
        last_name: lastName,
        email: `${first}.${lastName}.${Date.now()}@example.org`.toLowerCase(),
        phone: `+65 6123 55${n}1`,
      })
      .returning('id');
    ids.push(id as number);
  }
  await refreshKeys(knex, ids);
  await findTwins(knex, ids);
  await mergeCandidates(knex, { survivorId: ids[0], mergedId: ids[1] });
  return [ids[0], ids[1]];
}
