/**
 * Search documents are kept by the database itself: whoever writes a candidate (the API, a
 * session that turns ordinary triggers off as the bulk import does, a plain SQL statement), their
 * experience, a lookup's name or a currency rate, search sees the change once it is committed,
 * and nothing of a rolled-back write.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { searchWorld, type SearchWorld } from '../helpers/searchWorld';

let w: SearchWorld;

beforeAll(async () => {
  w = await searchWorld();
});

describe('Search documents follow every write', () => {
  it("A candidate's new job changes their latest company and what text finds them by", async () => {
    expect(w.names(await w.search('ts=Stripe'))).toEqual([]);
    const res = await w.t.http
      .put(`/api/v1/candidates/Candidate:${w.ids.Eve}`)
      .set('Authorization', `Bearer ${w.tokens.admin}`)
      .send({
        experiences: [{ title: 'Payments Analyst', company: 'Stripe', startDate: '2024-02-01', currentPosition: true }],
      });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ latestCompanyName: 'Stripe', latestJobTitle: 'Payments Analyst' });
    expect(w.names(await w.search('ts=Stripe'))).toEqual(['Eve']);
    expect(w.names(await w.search('ts=payments analyst'))).toEqual(['Eve']);
  });

  it('A status change takes a candidate out of companies\u2019 results at once', async () => {
    await w.t.http
      .put(`/api/v1/candidates/Candidate:${w.ids.Ivy}`)
      .set('Authorization', `Bearer ${w.tokens.admin}`)
      .send({ status: 2 })
      .expect(200);
    expect(w.names(await w.search(''))).not.toContain('Ivy');
    await w.t.http
      .put(`/api/v1/candidates/Candidate:${w.ids.Ivy}`)
      .set('Authorization', `Bearer ${w.tokens.admin}`)
      .send({ status: 1 })
      .expect(200);
    expect(w.names(await w.search(''))).toContain('Ivy');
  });

  it('Renaming a skill changes what text finds', async () => {
    const jira = await w.lookup('skills', 'Jira');
    await w.t.http
      .put(`/api/v1/skills/${jira}`)
      .set('Authorization', `Bearer ${w.tokens.admin}`)
      .send({ name: 'Jira Kanbanize' })
      .expect(200);
    expect(w.names(await w.search('ts=kanbanize', 'admin'))).toEqual(['Cara']);
  });

  it('A skill added in the console is found by its name on the candidates given it; what the database keeps for it is not shown', async () => {
    const created = await w.t.http
      .post('/api/v1/skills')
      .set('Authorization', `Bearer ${w.tokens.admin}`)
      .send({ name: 'Quantum Annealing' })
      .expect(201);
    expect(Object.keys(created.body)).not.toContain('searchVector');
    expect(w.names(await w.search('ts=annealing', 'admin'))).toEqual([]);
    await w.t.http
      .put(`/api/v1/candidates/Candidate:${w.ids.Eve}`)
      .set('Authorization', `Bearer ${w.tokens.admin}`)
      .send({ skills: [{ skillId: created.body.id }] })
      .expect(200);
    expect(w.names(await w.search('ts=annealing', 'admin'))).toEqual(['Eve']);
    // Its vector is the one the search documents would have parsed from the name.
    const [{ same }] = (
      await w.t.knex.raw(
        "select search_vector = to_tsvector('english', name) as same from skills where name = 'Quantum Annealing'",
      )
    ).rows;
    expect(same).toBe(true);
  });

  it('A new currency rate moves salaries in other currencies at once', async () => {
    expect(w.names(await w.search('sf=7000&cur=SGD'))).not.toContain('Ben');
    const myr = await w.t.knex('currency_rates').where('currency', 'MYR').first('id');
    const res = await w.t.http
      .put(`/api/v1/currency-rates/${myr.id}`)
      .set('Authorization', `Bearer ${w.tokens.admin}`)
      .send({ toSgd: 0.4 });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(w.names(await w.search('sf=7000&st=8500&cur=SGD'))).toEqual(['Ben']);
    await w.t.http
      .put(`/api/v1/currency-rates/${myr.id}`)
      .set('Authorization', `Bearer ${w.tokens.admin}`)
      .send({ toSgd: 0.3 })
      .expect(200);
    expect(w.names(await w.search('sf=7000&cur=SGD'))).not.toContain('Ben');
  });

  it('Only admins change currency rates', async () => {
    const usd = await w.t.knex('currency_rates').where('currency', 'USD').first('id');
    expect(
      (
        await w.t.http
          .put(`/api/v1/currency-rates/${usd.id}`)
          .set('Authorization', `Bearer ${w.tokens.company}`)
          .send({ toSgd: 9 })
      ).status,
    ).toBe(403);
    const bad = await w.t.http
      .post('/api/v1/currency-rates')
      .set('Authorization', `Bearer ${w.tokens.admin}`)
      .send({ currency: 'us1', toSgd: 0 });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toMatchObject({
      currency: 'currency.errors.isoCode',
      toSgd: 'toSgd.errors.tooSmall',
    });
  });

  it('A session that turns ordinary triggers off (as the bulk import does) still indexes what it writes', async () => {
    const id = await w.t.knex.transaction(async (trx) => {
      await trx.raw("set local session_replication_role = 'replica'");
      const [row] = await trx('candidates')
        .insert({
          email: 'replica.mode@talent.example.org',
          first_name: 'Remy',
          last_name: 'Quill',
          status: 1,
          summary: 'Zookeeper of distributed systems.',
          expected_salary: 5000,
        })
        .returning('id');
      await trx('candidate_experiences').insert({
        candidate_id: row.id,
        title: 'Keeper',
        company: 'Zooplankton Labs',
        start_date: '2020-01-01',
        current_position: true,
      });
      return row.id as number;
    });
    const answer = await w.search('ts=zooplankton');
    expect(answer.body.docs.map((d) => d.id)).toEqual([`Candidate:${id}`]);
  });

  it('A rolled-back write leaves search as it was', async () => {
    await w.t.knex
      .transaction(async (trx) => {
        await trx('candidates').where('id', w.ids.Chloe).update({ summary: 'Quokka whisperer.' });
        throw new Error('changed my mind');
      })
      .catch(() => undefined);
    expect((await w.search('ts=quokka')).body.totalResults).toBe(0);
    expect(await w.t.knex('candidate_search_pending').count({ n: '*' })).toEqual([{ n: 0 }]);
  });

  it('A transaction that refreshes part way (constraints set immediate) and writes again has both writes searched, with nothing left queued', async () => {
    await w.t.knex.transaction(async (trx) => {
      await trx('candidates').where('id', w.ids.Dev).update({ summary: 'Axolotl breeder.' });
      await trx.raw('set constraints all immediate');
      await trx.raw('set constraints all deferred');
      await trx('candidates').where('id', w.ids.Eve).update({ summary: 'Axolotl keeper.' });
    });
    expect(w.names(await w.search('ts=axolotl', 'admin'))).toEqual(['Dev', 'Eve']);
    expect(await w.t.knex('candidate_search_pending').count({ n: '*' })).toEqual([{ n: 0 }]);
    // The facet values carry the index tokens of the document's status, written by the same statement.
    const doc = await w.t.knex('candidate_search_documents').where('id', w.ids.Dev).first('facet_values', 'status');
    expect(doc.facet_values).toContain(1_100_000_000 + doc.status);
  });

  it('A write rolled back to a savepoint is not searched; the write kept before it is', async () => {
    await w.t.knex.transaction(async (trx) => {
      await trx('candidates').where('id', w.ids.Eve).update({ summary: 'Narwhal spotter.' });
      await trx
        .transaction(async (inner) => {
          await inner('candidates').where('id', w.ids.Ivy).update({ summary: 'Narwhal painter.' });
          throw new Error('undo this part');
        })
        .catch(() => undefined);
    });
    expect(w.names(await w.search('ts=narwhal', 'admin'))).toEqual(['Eve']);
    expect(await w.t.knex('candidate_search_pending').count({ n: '*' })).toEqual([{ n: 0 }]);
  });

  it('A savepoint that queued the first write and was rolled back still lets the later writes be searched', async () => {
    await w.t.knex.transaction(async (trx) => {
      await trx
        .transaction(async (inner) => {
          await inner('candidates').where('id', w.ids.Dev).update({ summary: 'Pangolin tamer.' });
          throw new Error('undo this part');
        })
        .catch(() => undefined);
      await trx('candidates').where('id', w.ids.Ivy).update({ summary: 'Pangolin rescuer.' });
    });
    expect(w.names(await w.search('ts=pangolin', 'admin'))).toEqual(['Ivy']);
  });

  it('Deleting a candidate removes them from search', async () => {
    await w.t.http
      .delete(`/api/v1/candidates/Candidate:${w.ids.Ava}`)
      .set('Authorization', `Bearer ${w.tokens.admin}`)
      .expect(200);
    expect(w.names(await w.search(''))).not.toContain('Ava');
    expect(await w.t.knex('candidate_search_documents').where('id', w.ids.Ava).first()).toBeUndefined();
  });
});
