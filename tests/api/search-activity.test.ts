/**
 * What searching leaves behind and reads from elsewhere: search appearances (one insert per
 * search, after the answer) and profile views feed the candidate's insights; popular profiles
 * come from that activity and "already shortlisted" from the projects' pipelines (a real read
 * replica is tested in operations-replica.test.ts).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { searchWorld, type SearchWorld } from '../helpers/searchWorld';
import { runJobs } from '../helpers/jobs';

let w: SearchWorld;

beforeAll(async () => {
  w = await searchWorld();
});

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  for (let i = 0; i < 100; i += 1) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((r) => setTimeout(r, 20));
  }
  return read();
}

const logs = (kind: number) =>
  w.t
    .knex('candidate_search_or_view_logs')
    .where('kind', kind)
    .orderBy('candidate_id')
    .select('candidate_id', 'actor_kind', 'company_id');

describe('Search appearances and profile views', () => {
  it('A search records an appearance for each candidate it returned, in one statement', async () => {
    await w.t.knex('candidate_search_or_view_logs').delete();
    const inserts: string[] = [];
    const listener = (q: { sql: string }) => {
      if (/insert into "candidate_search_or_view_logs"/.test(q.sql)) inserts.push(q.sql);
    };
    w.t.knex.on('query', listener);
    const answer = await w.search('ts=engineer');
    const rows = await until(
      () => logs(1),
      (r) => r.length >= 3,
    );
    w.t.knex.removeListener('query', listener);
    expect(inserts).toHaveLength(1);
    expect(rows.map((r: { candidate_id: number }) => r.candidate_id)).toEqual(
      [w.ids.Chloe, w.ids.Ben, w.ids.Dev].sort((a, b) => a - b),
    );
    expect(answer.body.docs).toHaveLength(3);
    const acme = await w.t.knex('company_users').where('email', 'owner@acme.example.com').first('company_id');
    expect(
      rows.every(
        (r: { actor_kind: number; company_id: number }) => r.actor_kind === 2 && r.company_id === acme.company_id,
      ),
    ).toBe(true);
  });

  it('The candidate sees the appearances in their profile insights; opening the profile counts a view', async () => {
    await w.t.knex('candidate_search_or_view_logs').delete();
    const chloe = `Candidate:${w.ids.Chloe}`;
    await w.search('ts=airwallex');
    await w.search('s=TypeScript');
    await until(
      () => logs(1),
      (r) => r.filter((x: { candidate_id: number }) => x.candidate_id === w.ids.Chloe).length >= 2,
    );
    await w.t.http
      .get(`/api/v1/search/candidates/${chloe}`)
      .set('Authorization', `Bearer ${w.tokens.company}`)
      .expect(200);
    await until(
      () => logs(2),
      (r) => r.length >= 1,
    );
    const insights = await w.t.http
      .get(`/api/v1/candidate-search-or-view-log/profile-insights/${chloe}/7`)
      .set('Authorization', `Bearer ${w.tokens.candidate}`);
    expect(insights.status, JSON.stringify(insights.body)).toBe(200);
    expect(insights.body.searchAppearances.last7Days).toBe(2);
    expect(insights.body.views.last7Days).toBe(1);
  });

  it("An admin's own searches and profile opens are not counted in the candidate's insights, which count companies", async () => {
    await w.t.knex('candidate_search_or_view_logs').delete();
    const chloe = `Candidate:${w.ids.Chloe}`;
    expect((await w.search('ts=airwallex', 'admin')).body.docs.length).toBeGreaterThan(0);
    await w.t.http
      .get(`/api/v1/search/candidates/${chloe}`)
      .set('Authorization', `Bearer ${w.tokens.admin}`)
      .expect(200);
    await w.t.http
      .post('/api/v1/candidate-search-or-view-log/profile-view')
      .set('Authorization', `Bearer ${w.tokens.admin}`)
      .send({ candidateId: chloe })
      .expect(201);
    await until(
      () => logs(2),
      (r) => r.length >= 2,
    );
    const insights = await w.t.http
      .get(`/api/v1/candidate-search-or-view-log/profile-insights/${chloe}/all`)
      .set('Authorization', `Bearer ${w.tokens.candidate}`);
    expect(insights.status, JSON.stringify(insights.body)).toBe(200);
    expect(insights.body.searchAppearances.allTime).toBe(0);
    expect(insights.body.views.allTime).toBe(0);
  });

  it('A search that finds no one records nothing', async () => {
    await w.t.knex('candidate_search_or_view_logs').delete();
    const inserts: string[] = [];
    const listener = (q: { sql: string }) => {
      if (/candidate_search_or_view_logs/.test(q.sql)) inserts.push(q.sql);
    };
    w.t.knex.on('query', listener);
    expect((await w.search('ts=zzzzqqqq')).body.totalResults).toBe(0);
    await new Promise((r) => setTimeout(r, 100));
    w.t.knex.removeListener('query', listener);
    expect(inserts).toEqual([]);
  });
});

describe('Logging a profile view or a search appearance', () => {
  const logView = (who: keyof SearchWorld['tokens'], body: Record<string, unknown>) =>
    w.t.http
      .post('/api/v1/candidate-search-or-view-log/profile-view')
      .set('Authorization', `Bearer ${w.tokens[who]}`)
      .send(body);
  const projectOf = async (companyName: string) => {
    const owner = await w.t
      .knex('company_users as u')
      .join('companies as c', 'c.id', 'u.company_id')
      .where({ 'c.company_name': companyName, 'u.status': 1 })
      .orderBy('u.id')
      .first('u.id', 'u.company_id');
    const [row] = await w.t
      .knex('projects')
      .insert({
        title: `Views of ${companyName}`,
        company_id: owner.company_id,
        owner_id: owner.id,
        job_title_id: await w.lookup('job_titles', 'Software Engineer'),
        headcount: 1,
        salary_min: 1,
        salary_max: 2,
      })
      .returning('id');
    return { id: row.id as number, companyId: owner.company_id as number };
  };

  it('A company or RaaS user gets 404 for a candidate they may not open or a project they do not read, and nothing is logged; a view they may make is logged', async () => {
    await w.t.knex('candidate_search_or_view_logs').delete();
    const acme = await projectOf('Acme');
    const globex = await projectOf('Globex Analytics');
    await w.t.knex('project_candidates').insert({
      project_id: acme.id,
      candidate_id: w.ids.Chloe,
      company_id: acme.companyId,
      stage: 1,
    });
    const chloe = `Candidate:${w.ids.Chloe}`;
    const refused: [keyof SearchWorld['tokens'], Record<string, unknown>, string][] = [
      // Paused (inactive), semi-active, and an id that names nobody: the same answer, so ids cannot be walked.
      ['company', { candidateId: `Candidate:${w.ids.Finn}` }, 'errors.notFound'],
      ['company', { candidateId: `Candidate:${w.ids.Cara}` }, 'errors.notFound'],
      ['company', { candidateId: 'Candidate:999999' }, 'errors.notFound'],
      // Another company's project, and a project of one's own company the candidate was never reached in.
      ['company', { candidateId: chloe, projectId: `Project:${globex.id}` }, 'project.notFound'],
      ['company', { candidateId: `Candidate:${w.ids.Ava}`, projectId: acme.id }, 'project.candidate.notFound'],
      // RaaS companies have no search: outside their own boards the profile panel opens nobody for them;
      // another company's project is not found, as it is to a company.
      ['raas', { candidateId: `Candidate:${w.ids.Finn}` }, 'errors.notFound'],
      ['raas', { candidateId: chloe }, 'errors.notFound'],
      ['raas', { candidateId: chloe, projectId: globex.id }, 'project.notFound'],
    ];
    for (const [who, body, code] of refused) {
      const res = await logView(who, body);
      expect([res.status, res.body.error?.code], `${who} ${JSON.stringify(body)}`).toEqual([404, code]);
    }
    expect(await logs(2)).toEqual([]);

    expect((await logView('company', { candidateId: chloe })).status).toBe(201);
    expect((await logView('company', { candidateId: chloe, projectId: `Project:${acme.id}` })).status).toBe(201);
    expect(
      await w.t
        .knex('candidate_search_or_view_logs')
        .where('kind', 2)
        .orderBy('id')
        .select('candidate_id', 'project_id', 'company_id'),
    ).toEqual([
      { candidate_id: w.ids.Chloe, project_id: null, company_id: acme.companyId },
      { candidate_id: w.ids.Chloe, project_id: acme.id, company_id: acme.companyId },
    ]);

    await w.t.knex('projects').whereIn('id', [acme.id, globex.id]).delete();
    await w.t.knex('candidate_search_or_view_logs').delete();
  });

  it('A search appearance is logged only of candidates the caller finds, in a project they read', async () => {
    await w.t.knex('candidate_search_or_view_logs').delete();
    const acme = await projectOf('Acme');
    const globex = await projectOf('Globex Analytics');
    const appeared = (who: keyof SearchWorld['tokens'], body: Record<string, unknown>) =>
      w.t.http
        .post('/api/v1/candidate-search-or-view-log/search-appearance')
        .set('Authorization', `Bearer ${w.tokens[who]}`)
        .send(body);
    const chloe = `Candidate:${w.ids.Chloe}`;
    // A paused or semi-active candidate among found ones, or any for a RaaS company (no search): as an unknown id.
    for (const [who, candidates] of [
      ['company', [chloe, `Candidate:${w.ids.Finn}`]],
      ['company', [`Candidate:${w.ids.Cara}`]],
      ['raas', [chloe]],
    ] as const) {
      const res = await appeared(who, { candidates });
      expect([res.status, res.body.error?.fields], `${who} ${candidates}`).toEqual([
        400,
        { candidates: 'candidates.errors.notFound' },
      ]);
    }
    const other = await appeared('company', { candidates: [chloe], projectId: globex.id });
    expect([other.status, other.body.error?.code]).toEqual([404, 'project.notFound']);
    expect(await logs(1)).toEqual([]);
    expect((await appeared('company', { candidates: [chloe], projectId: acme.id })).status).toBe(201);
    expect(await logs(1)).toEqual([
      { candidate_id: w.ids.Chloe, actor_kind: expect.any(Number), company_id: acme.companyId },
    ]);

    await w.t.knex('projects').whereIn('id', [acme.id, globex.id]).delete();
    await w.t.knex('candidate_search_or_view_logs').delete();
  });

  it('A person who logged more views in a window than anyone reading profiles could gets 429; someone else still logs theirs', async () => {
    await w.t.knex('candidate_search_or_view_logs').delete();
    await w.t.knex('rate_limit_hits').where('key', 'like', 'profile-view:%').delete();
    const chloe = { candidateId: `Candidate:${w.ids.Chloe}` };
    expect((await logView('company', chloe)).status).toBe(201);
    // The first view is counted under the person's key; then a thousand more in the window, over one a second.
    const [{ key }] = await w.t.knex('rate_limit_hits').where('key', 'like', 'profile-view:%').select('key');
    await w.t.knex('rate_limit_hits').insert(Array.from({ length: 1000 }, () => ({ key })));
    const refused = await logView('company', chloe);
    expect(refused.status).toBe(429);
    expect(refused.body.error.code).toBe('errors.tooManyRequests');
    expect(await logs(2)).toHaveLength(1);
    expect((await logView('member', chloe)).status).toBe(201);

    await w.t.knex('rate_limit_hits').where('key', 'like', 'profile-view:%').delete();
    await w.t.knex('candidate_search_or_view_logs').delete();
  });
});

describe('Options that come from activity', () => {
  it('Popular profiles: candidates whose profile was opened often in the last 30 days', async () => {
    expect(w.names(await w.search('isp=1'))).toEqual([]);
    for (let i = 0; i < 5; i += 1) {
      await w.t.http
        .get(`/api/v1/search/candidates/Candidate:${w.ids.Ava}`)
        .set('Authorization', `Bearer ${w.tokens.company}`)
        .expect(200);
    }
    await until(
      () => w.t.knex('candidate_search_or_view_logs').where({ kind: 2, candidate_id: w.ids.Ava }),
      (r) => r.length >= 5,
    );
    await w.t.knex.raw("select graphile_worker.add_job('refresh_popular_candidates', '{}'::json)");
    await runJobs(w.t);
    expect(w.names(await w.search('isp=1'))).toEqual(['Ava']);
    expect(w.names(await w.search('isp=1&s=Java'))).toEqual([]);
  });

  it("Already shortlisted: candidates shortlisted in one of the company's projects, not another company's", async () => {
    const acme = await w.t.knex('company_users').where('email', 'owner@acme.example.com').first('id', 'company_id');
    const jobTitle = await w.lookup('job_titles', 'Software Engineer');
    const [project] = await w.t
      .knex('projects')
      .insert({
        title: 'Engineers',
        company_id: acme.company_id,
        owner_id: acme.id,
        job_title_id: jobTitle,
        headcount: 1,
        salary_min: 1,
        salary_max: 2,
      })
      .returning('id');
    await w.t.knex('project_candidates').insert([
      { project_id: project.id, candidate_id: w.ids.Ben, company_id: acme.company_id, stage: 2 },
      { project_id: project.id, candidate_id: w.ids.Ava, company_id: acme.company_id, stage: 6, rejected_from: 2 },
      { project_id: project.id, candidate_id: w.ids.Ivy, company_id: acme.company_id, stage: 1 },
    ]);
    expect(w.names(await w.search('ias=1'))).toEqual(['Ben']);
    expect(w.names(await w.search('ias=1', 'member'))).toEqual(['Ben']);
    expect(w.names(await w.search('ias=1', 'admin'))).toEqual(['Ben']);
    const globex = await w.t
      .knex('company_users as u')
      .join('companies as c', 'c.id', 'u.company_id')
      .where({ 'c.company_name': 'Globex Analytics', 'u.status': 1 })
      .first('u.email');
    const token = await w.t.login(globex.email);
    const other = await w.t.http.get('/api/v1/search?ias=1').set('Authorization', `Bearer ${token}`);
    expect(other.status).toBe(200);
    expect(other.body.totalResults).toBe(0);
  });
});
