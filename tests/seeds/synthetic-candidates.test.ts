import { beforeAll, describe, expect, it } from 'vitest';
import { generateCandidates } from '../../seeds/synthetic/generate';
import { testApp, type TestApp } from '../helpers/app';

describe('Synthetic candidates', () => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await testApp();
    admin = await t.login('admin@example.com');
  });

  it('The generator adds realistic candidates whose profiles the API accepts as they are', async () => {
    const before = Number((await t.knex('candidates').count({ n: '*' }))[0].n);
    const made = await generateCandidates({
      knex: t.knex,
      connectionString: t.url,
      count: 600,
      workers: 2,
      chunk: 200,
    });
    expect(made.candidates).toBe(600);
    expect(Number((await t.knex('candidates').count({ n: '*' }))[0].n)).toBe(before + 600);
    expect(made.experiences).toBeGreaterThan(600);
    const spread = await t
      .knex('candidates')
      .where('email', 'like', '%@synthetic.example.com')
      .select(
        t.knex.raw(
          'count(distinct status)::int as statuses, count(distinct expected_salary_currency)::int as currencies, count(distinct current_location_id)::int as cities, sum((not visibility)::int)::int as hidden',
        ),
      );
    expect(spread[0].statuses).toBe(5);
    expect(spread[0].currencies).toBeGreaterThan(4);
    expect(spread[0].cities).toBeGreaterThan(20);
    expect(spread[0].hidden).toBeGreaterThan(0);

    const sample = await t
      .knex('candidates')
      .where('email', 'like', '%@synthetic.example.com')
      .orderBy('id')
      .limit(25)
      .pluck('id');
    for (const id of sample) {
      const record = (
        await t.http.get(`/api/v1/candidates/Candidate:${id}`).set('Authorization', `Bearer ${admin}`).expect(200)
      ).body;
      const saved = await t.http
        .put(`/api/v1/candidates/Candidate:${id}`)
        .set('Authorization', `Bearer ${admin}`)
        .send(record);
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    }
  });

  it('A bulk load ends with every index, trigger and search document as ordinary writes leave them, the documents in creation order', async () => {
    const TABLES = ['candidates', 'candidate_experiences', 'candidate_educations', 'candidate_search_documents'];
    const schemaState = async () => ({
      indexes: (
        await t.knex.raw(
          'select pg_get_indexdef(indexrelid) as d from pg_index where indrelid = any(?::regclass[]) and indisvalid order by 1',
          [`{${TABLES.join(',')}}`],
        )
      ).rows.map((r: { d: string }) => r.d),
      triggers: (
        await t.knex.raw(
          "select tgname || ' ' || tgenabled::text as t from pg_trigger where tgrelid = any(?::regclass[]) and not tgisinternal order by 1",
          [`{${TABLES.join(',')}}`],
        )
      ).rows.map((r: { t: string }) => r.t),
      keys: Number(
        (
          await t.knex.raw(
            "select count(*) as n from pg_constraint where contype = 'f' and conrelid = any(?::regclass[])",
            [`{${TABLES.join(',')}}`],
          )
        ).rows[0].n,
      ),
    });
    const before = await schemaState();
    const last = Number((await t.knex('candidates').max({ id: 'id' }))[0].id);
    const made = await generateCandidates({
      knex: t.knex,
      connectionString: t.url,
      count: 900,
      workers: 2,
      chunk: 200,
      bulkFrom: 500,
      seed: 7,
    });
    expect(made.candidates).toBe(900);
    expect(await schemaState()).toEqual(before);
    const clustered = await t.knex.raw(
      "select indexrelid::regclass::text as name from pg_index where indrelid = 'candidate_search_documents'::regclass and indisclustered",
    );
    expect(clustered.rows).toEqual([{ name: 'candidate_search_documents_created_at_id_index' }]);

    const ids = (await t.knex('candidates').where('id', '>', last).orderBy('id').pluck('id')) as number[];
    expect(ids).toHaveLength(900);
    // They are written chunk by chunk in the order the candidates signed up (each chunk by its own
    // statement of the load's one transaction), so a fresh table lies in creation order, as a live one does.
    const outOfOrder = await t.knex.raw(
      'select count(distinct c)::int as statements, count(*) filter (where before > c)::int as n from (select cmin::text::int as c, lag(cmin::text::int) over (order by created_at, id) as before from candidate_search_documents where id = any(?::int[])) x',
      [ids],
    );
    expect(outOfOrder.rows[0]).toEqual({ statements: 5, n: 0 });
    // Each document is what the one statement keeping documents true writes for the candidate now.
    const digest = async () =>
      (
        await t.knex.raw(
          "select count(*)::int as n, md5(string_agg(d::text, '|' order by d.id)) as h from candidate_search_documents d where d.id = any(?::int[])",
          [ids],
        )
      ).rows[0];
    const loaded = await digest();
    expect(loaded.n).toBe(900);
    await t.knex.raw('select candidate_search_refresh(?::int[])', [ids]);
    expect(await digest()).toEqual(loaded);
    const miscounted = await t.knex.raw(
      'select count(*)::int as n from tags g left join candidate_tag_counts c on c.tag_id = g.id where coalesce(c.tagged, 0) <> (select count(*) from candidate_search_documents d where d.tag_ids @> array[g.id])',
    );
    expect(miscounted.rows[0].n).toBe(0);
    // Writes after the load queue their documents again.
    await t
      .knex('candidates')
      .where('id', ids[0])
      .update({ summary: 'Bulk loaded, then edited by hand: a lighthouse keeper.' });
    const edited = await t.knex.raw(
      "select vector @@ to_tsquery('english', 'lighthouse') as found from candidate_search_documents where id = ?",
      [ids[0]],
    );
    expect(edited.rows[0].found).toBe(true);
  });
});
