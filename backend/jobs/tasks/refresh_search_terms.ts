/**
 * refresh_search_terms: the words search documents contain, with how many documents hold each,
 * counted on a sample of about 50,000 documents (all of a smaller table). Search widens a
 * misspelt word to the closest of them. Replaced in one transaction; safe to run twice.
 */
import type { Task } from 'graphile-worker';
import type pg from 'pg';
import { assertTaskPayload } from '../payload';

const SAMPLE_DOCUMENTS = 50_000;

/** Rebuilds search_terms on `client` (not inside a transaction of the caller's); returns the number of words. */
export async function refreshSearchTerms(client: pg.ClientBase): Promise<number> {
  const { rows } = await client.query(
    `select greatest(reltuples, 0)::float8 as n from pg_class where oid = 'candidate_search_documents'::regclass`,
  );
  const total = Math.max(1, Number(rows[0].n));
  const percent = Math.min(100, (100 * SAMPLE_DOCUMENTS) / total);
  const sample = percent >= 100 ? '' : ` tablesample system (${percent.toFixed(4)}) repeatable (1)`;
  const source = (column: string) =>
    `select ${column} from candidate_search_documents${sample} where ${column} is not null`;
  await client.query('begin');
  try {
    await client.query('delete from search_terms');
    const inserted = await client.query(
      `insert into search_terms (word, documents, names)
       select coalesce(t.word, n.word), coalesce(round(t.ndoc * $3::float8), 0)::int, coalesce(round(n.ndoc * $3::float8), 0)::int
         from ts_stat($1) t full join ts_stat($2) n on n.word = t.word
        where length(coalesce(t.word, n.word)) between 3 and 120`,
      [source('vector'), source('name_vector'), 100 / percent],
    );
    await client.query('commit');
    return inserted.rowCount ?? 0;
  } catch (err) {
    await client.query('rollback');
    throw err;
  }
}

export const refreshSearchTermsTask: Task = async (payload, helpers) => {
  assertTaskPayload('refresh_search_terms', payload);
  const words = await helpers.withPgClient((client) => refreshSearchTerms(client));
  helpers.logger.info(`${words} search terms`);
};
