/**
 * Who may search, whom they find and what they see of them (spec sections 3, 4 and 6): companies
 * find active candidates, admins active and semi-active ones; hidden identities come back without
 * name, contact, photo or links except to admins (flagged admin-anonymous); and nothing hidden
 * leaks through text search, counts, facets or the profile panel.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { searchWorld, type SearchWorld } from '../helpers/searchWorld';
import { candidatePayload, talentIds } from '../helpers/talent';

let w: SearchWorld;

beforeAll(async () => {
  w = await searchWorld();
});

const doc = (answer: Awaited<ReturnType<SearchWorld['search']>>, name: string) =>
  answer.body.docs.find((d) => d.id === `Candidate:${w.ids[name]}`) as Record<string, unknown>;

describe('Who may search', () => {
  it('A logged-out visitor gets 401', async () => {
    const res = await w.t.http.get('/api/v1/search');
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('errors.unauthorized');
  });

  it('A RaaS company user and a candidate get 403', async () => {
    expect((await w.search('', 'raas')).status).toBe(403);
    expect((await w.search('', 'candidate')).status).toBe(403);
  });

  it('A company Member searches like the company Admin', async () => {
    expect(w.names(await w.search('', 'member'))).toEqual(w.names(await w.search('', 'company')));
  });

  it('The profile panel follows the same rule', async () => {
    const chloe = (await w.t.knex('candidates').where('id', w.ids.Chloe).first('guid')).guid;
    expect((await w.t.http.get(`/api/v1/search/candidates/${chloe}`)).status).toBe(401);
    expect(
      (await w.t.http.get(`/api/v1/search/candidates/${chloe}`).set('Authorization', `Bearer ${w.tokens.raas}`)).status,
    ).toBe(403);
    expect(
      (await w.t.http.get(`/api/v1/search/candidates/${chloe}`).set('Authorization', `Bearer ${w.tokens.candidate}`))
        .status,
    ).toBe(403);
  });
});

describe('Whom each role finds', () => {
  it('Inactive and pending candidates are found by no one, not even by their name', async () => {
    for (const who of ['company', 'admin'] as const) {
      const names = w.names(await w.search('', who));
      for (const hidden of ['Finn', 'Gia', 'Hugo']) expect(names).not.toContain(hidden);
    }
    expect(w.names(await w.search('ns=finn', 'admin'))).toEqual([]);
    expect(w.names(await w.search('ns=hugo chan', 'admin'))).toEqual([]);
  });

  it('A semi-active candidate is found by admins only, in results, counts and facets', async () => {
    expect(w.names(await w.search('ts=product manager', 'admin'))).toEqual(['Cara']);
    const company = await w.search('ts=product manager');
    expect(company.body.totalResults).toBe(0);
    const all = await w.search('');
    const titles = all.body.facets.jt.options.map((o) => o.label);
    expect(titles).not.toContain('Product Manager');
    const admin = await w.search('', 'admin');
    expect(admin.body.facets.jt.options.map((o) => o.label)).toContain('Product Manager');
    expect(admin.body.facets.l.options.find((o) => o.label === 'Hong Kong')?.count).toBe(3);
    expect(all.body.facets.l.options.find((o) => o.label === 'Hong Kong')?.count).toBe(2);
  });
});

describe('What each role sees of a candidate', () => {
  it('A visible candidate shows name, photo and LinkedIn to companies, never contact details nor the other links', async () => {
    const chloe = doc(await w.search('ts=airwallex'), 'Chloe');
    expect(chloe).toMatchObject({ firstName: 'Chloe', lastName: 'Wong', name: 'Chloe Wong', anonymous: false });
    expect(Object.keys(chloe.links as object)).toEqual(['linkedIn']);
    const admin = doc(await w.search('ts=airwallex', 'admin'), 'Chloe');
    expect(admin.links).toMatchObject({ github: 'https://github.com/chloewong' });
    expect(chloe).not.toHaveProperty('email');
    expect(chloe).not.toHaveProperty('phone');
    expect(chloe).not.toHaveProperty('adminAnonymous');
  });

  it('A candidate who is not visible, or anonymous, comes back to companies without name, photo or links', async () => {
    const answer = await w.search('');
    for (const name of ['Dev', 'Eve']) {
      const d = doc(answer, name);
      expect(d).toMatchObject({
        firstName: null,
        lastName: null,
        name: null,
        anonymous: true,
        profilePic: null,
        links: null,
      });
      expect(JSON.stringify(d)).not.toContain(name === 'Dev' ? 'Patel' : 'Ng"');
    }
  });

  it('Admins see hidden candidates named, with the admin-anonymous flag, and their contact details', async () => {
    const answer = await w.search('', 'admin');
    expect(doc(answer, 'Dev')).toMatchObject({
      name: 'Dev Patel',
      adminAnonymous: true,
      email: 'dev@talent.example.org',
    });
    expect(doc(answer, 'Eve')).toMatchObject({ name: 'Eve Ng', adminAnonymous: true });
    expect(doc(answer, 'Chloe')).toMatchObject({ adminAnonymous: false, status: 1 });
  });

  it("Hidden names never match a company's text search, nor explain a result", async () => {
    expect((await w.search('ts=Patel')).body.totalResults).toBe(0);
    expect((await w.search('ts=dev')).body.docs.every((d) => !JSON.stringify(d).includes('Patel'))).toBe(true);
  });
});

describe('The profile panel', () => {
  const open = (who: keyof SearchWorld['tokens'], id: string) =>
    w.t.http.get(`/api/v1/search/candidates/${id}`).set('Authorization', `Bearer ${w.tokens[who]}`);

  it('A company user opens an active candidate by profile id, with experience and education, without contact or internal notes', async () => {
    const guid = (await w.t.knex('candidates').where('id', w.ids.Chloe).first('guid')).guid;
    const res = await open('company', guid);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      id: `Candidate:${w.ids.Chloe}`,
      name: 'Chloe Wong',
      title: 'Senior Software Engineer',
      anonymous: false,
    });
    expect(res.body.experiences.map((e: { company: string }) => e.company)).toEqual([
      'Airwallex',
      'Shopee',
      'Ninja Van',
    ]);
    expect(res.body.educations).toHaveLength(2);
    expect(res.body.skills.map((s: { label: string }) => s.label)).toContain('TypeScript');
    for (const internal of ['email', 'phone', 'reasonForLeaving', 'lookingFor', 'ownerId', 'currentSalary', 'status'])
      expect(res.body).not.toHaveProperty(internal);
    expect(res.body.canDownload).toEqual({ pdf: false, cv: false, blindCv: false });
  });

  it('A hidden identity stays hidden in the panel; admins see it flagged', async () => {
    const company = await open('company', `Candidate:${w.ids.Dev}`);
    expect(company.status).toBe(200);
    expect(company.body).toMatchObject({ name: null, firstName: null, links: null, anonymous: true });
    const admin = await open('admin', `Candidate:${w.ids.Dev}`);
    expect(admin.body).toMatchObject({
      name: 'Dev Patel',
      adminAnonymous: true,
      email: 'dev@talent.example.org',
      status: 1,
    });
    expect(admin.body.canDownload.pdf).toBe(true);
  });

  it('The panel gives companies no completeness score: photo, links and CV count in it, so it told of a hidden identity', async () => {
    for (const name of ['Dev', 'Chloe'])
      expect((await open('company', `Candidate:${w.ids[name]}`)).body).not.toHaveProperty('completeness');
    expect((await open('admin', `Candidate:${w.ids.Dev}`)).body.completeness).toEqual(expect.any(Number));
  });

  it("Candidates the caller's search would not find are 404", async () => {
    expect((await open('company', `Candidate:${w.ids.Cara}`)).status).toBe(404);
    expect((await open('admin', `Candidate:${w.ids.Cara}`)).status).toBe(200);
    for (const name of ['Finn', 'Gia', 'Hugo'])
      expect((await open('admin', `Candidate:${w.ids[name]}`)).status).toBe(404);
    expect((await open('company', 'not-an-id')).status).toBe(404);
    expect((await open('company', '00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });
});

describe('What the best-match order tells', () => {
  it('Companies are ranked by what they may see: a picture, links or a CV they cannot see puts nobody first', async () => {
    const ids = await talentIds(w.t.knex);
    const admin = { Authorization: `Bearer ${w.tokens.admin}` };
    const summary = 'Quokka wrangler who keeps marsupial field datasets tidy, documented and easy to share.';
    const made: Record<string, number> = {};
    for (const name of ['Alma', 'Bea']) {
      const payload = candidatePayload(ids, {
        firstName: name,
        status: 1,
        anonymous: true,
        linkedInUrl: null,
        summary,
      });
      const res = await w.t.http.post('/api/v1/candidates').set(admin).send(payload);
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      made[name] = Number(String(res.body.id).replace('Candidate:', ''));
    }
    // Alma, older, has a picture, a CV and a LinkedIn profile; Bea, newer, none. Both were last updated at once.
    const day = 86400_000;
    await w.t
      .knex('candidates')
      .where('id', made.Alma)
      .update({
        profile_pic: 'candidates/alma.png',
        resume_path: 'candidates/alma.pdf',
        linked_in_url: 'https://www.linkedin.com/in/alma',
        created_at: new Date(Date.now() - 2 * day),
      });
    await w.t
      .knex('candidates')
      .where('id', made.Bea)
      .update({ created_at: new Date(Date.now() - day) });
    await w.t.knex('candidates').whereIn('id', [made.Alma, made.Bea]).update({ updated_at: w.t.knex.fn.now() });
    const order = async (who: 'company' | 'admin') => (await w.search('ts=quokka', who)).body.docs.map((d) => d.id);
    const [alma, bea] = [`Candidate:${made.Alma}`, `Candidate:${made.Bea}`];
    // Nothing the company sees differs: the newer first.
    expect(await order('company')).toEqual([bea, alma]);
    expect(await order('admin')).toEqual([alma, bea]);
  });
});
