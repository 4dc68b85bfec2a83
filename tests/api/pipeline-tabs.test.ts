/**
 * A project's tabs: the suggested tab holds what the project's saved filters find plus the
 * curated candidates, minus those moved on; the other tabs hold the candidates in their stage.
 * Hidden and favourite flags, names revealed only when the candidate is public or revealed, the
 * counts, and what a RaaS company sees.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { namesOf, pipelineWorld, type PipelineWorld } from '../helpers/pipeline';

let w: PipelineWorld;
beforeAll(async () => {
  w = await pipelineWorld();
}, 120_000);

const suggested = (who: Parameters<PipelineWorld['as']>[0], projectId: number, extra = '') =>
  w.as(who).get(`/projects/candidates/search?project_id=Project:${projectId}${extra}`);
const tab = (who: Parameters<PipelineWorld['as']>[0], projectId: number, stage: number, extra = '') =>
  w.as(who).get(`/projects/tab/search?project_id=${projectId}&tab=${stage}${extra}`);

describe('The suggested tab', () => {
  it("holds the active candidates the project's saved filters find (software engineers)", async () => {
    const res = await suggested('company', w.projects.acme);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(namesOf(w, res.body)).toEqual(['Ben', 'Dev']);
    expect(res.body.totalResults).toBe(2);
    expect(res.body.stats.open).toBe(2);
  });

  it('adds the candidates an admin curated into it, and the company is told by a queued email', async () => {
    const res = await w.as('admin').post('/projects/candidate/curate', {
      projectId: `Project:${w.projects.acme}`,
      candidateIds: [w.cid('Ava'), w.cid('Eve')],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ success: true, added: 2 });
    const tabRes = await suggested('company', w.projects.acme);
    expect(namesOf(w, tabRes.body)).toEqual(['Ava', 'Ben', 'Dev', 'Eve']);
    const job = await w.knex.raw(
      "select count(*)::int as n from graphile_worker.jobs where task_identifier = 'email_curated_candidates'",
    );
    expect(job.rows[0].n).toBe(1);
    const again = await w
      .as('admin')
      .post('/projects/candidate/curate', { projectId: w.projects.acme, candidateIds: [w.cid('Ava')] });
    expect(again.body.added).toBe(0);
  });

  it('shows an anonymous or invisible candidate without a name to the company, and with it to admins', async () => {
    const company = await suggested('company', w.projects.acme);
    const eve = company.body.docs.find((d: { id: string }) => d.id === w.cid('Eve'));
    const dev = company.body.docs.find((d: { id: string }) => d.id === w.cid('Dev'));
    expect([eve.firstName, dev.firstName, eve.anonymous]).toEqual([null, null, true]);
    expect(eve).toMatchObject({
      recruitmentStatus: 0,
      curated: true,
      isHidden: false,
      isFavorited: false,
      revealed: false,
    });
    const admin = await suggested('admin', w.projects.acme);
    const eveForAdmin = admin.body.docs.find((d: { id: string }) => d.id === w.cid('Eve'));
    expect(eveForAdmin).toMatchObject({ firstName: 'Eve', adminAnonymous: true });
  });

  it('loses a candidate once moved on, and the longlist tab gains them', async () => {
    const moved = await w
      .as('company')
      .post('/projects/recruitment', { projectId: w.projects.acme, candidateId: w.cid('Ben'), recruitmentStatus: 1 });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.moved).toEqual([w.cid('Ben')]);
    expect(moved.body.stats).toMatchObject({ open: 3, qualify: 1 });
    expect(namesOf(w, (await suggested('company', w.projects.acme)).body)).toEqual(['Ava', 'Dev', 'Eve']);
    const longlist = await tab('company', w.projects.acme, 1);
    expect(namesOf(w, longlist.body)).toEqual(['Ben']);
    expect(longlist.body.docs[0]).toMatchObject({
      firstName: 'Ben',
      recruitmentStatus: 1,
      email: 'ben@talent.example.org',
    });
  });

  it("gives the project's card in the list the same counts as its tabs, the suggested tab's saved-search matches included", async () => {
    const tabs = (await suggested('company', w.projects.acme)).body.stats;
    const list = await w.as('company').get('/projects/list');
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    const card = list.body.data.find((p: { id: string }) => p.id === `Project:${w.projects.acme}`);
    expect(card.stats).toEqual(tabs);
    expect(card.stats).toMatchObject({ open: 3, qualify: 1 });
    const found = await w.as('company').get(`/projects/find/Project:${w.projects.acme}`);
    expect(found.body.data.stats).toEqual(tabs);
  });

  it("counts every card of the list as its project's tabs do, in as many queries whatever the number of projects", async () => {
    const queriesOf = async (url: string) => {
      let n = 0;
      const count = () => n++;
      w.knex.on('query', count);
      try {
        const res = await w.as('admin').get(url);
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        return { n, cards: res.body.data as { id: string; stats: Record<string, number> }[] };
      } finally {
        w.knex.removeListener('query', count);
      }
    };
    const cardsMatchTabs = async (cards: { id: string; stats: Record<string, number> }[]) => {
      for (const card of cards) {
        const tabs = (await w.as('admin').get(`/projects/candidates/search?project_id=${card.id}`)).body.stats;
        expect(card.stats, card.id).toEqual(tabs);
      }
    };
    await cardsMatchTabs((await queriesOf('/projects/list?perPage=50')).cards);
    // Without saved searches (each one is a search of its own) the list's queries do not grow with its cards.
    const saved = (await w.knex('projects').select('id', 'current_url')) as {
      id: number;
      current_url: string | null;
    }[];
    await w.knex('projects').update({ current_url: null });
    try {
      const one = await queriesOf('/projects/list?perPage=1');
      const all = await queriesOf('/projects/list?perPage=50');
      expect(one.cards).toHaveLength(1);
      expect(all.cards.length).toBeGreaterThan(3);
      // At most the five lookups (companies, owners, owning admins, advocates, job titles) a lone card may not need.
      expect(all.n - one.n).toBeLessThanOrEqual(5);
      await cardsMatchTabs(all.cards);
    } finally {
      for (const r of saved) await w.knex('projects').where('id', r.id).update({ current_url: r.current_url });
    }
  });

  it('applies the search keys of the request as further filters', async () => {
    const python = await w.lookup('skills', 'Python');
    expect(namesOf(w, (await suggested('company', w.projects.acme, `&s=${python}`)).body)).toEqual(['Ava']);
    expect(namesOf(w, (await tab('company', w.projects.acme, 1, `&s=${python}`)).body)).toEqual([]);
  });

  it('refuses the admins-only keys from a company, as search does', async () => {
    const res = await suggested('company', w.projects.acme, '&ns=Ava');
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toEqual({ ns: 'ns.errors.adminOnly' });
  });
});

describe('Hidden and favourite candidates', () => {
  it('hides a candidate from the tab and its count; ih=1 shows the hidden ones alone; unhiding brings them back', async () => {
    const hide = await w
      .as('company')
      .post('/projects/candidate/hidden', { project_id: w.projects.acme, candidate_id: w.cid('Dev'), hide: true });
    expect(hide.status, JSON.stringify(hide.body)).toBe(200);
    const tabRes = await suggested('company', w.projects.acme);
    expect(namesOf(w, tabRes.body)).toEqual(['Ava', 'Eve']);
    expect(tabRes.body.stats.open).toBe(2);
    expect(namesOf(w, (await suggested('company', w.projects.acme, '&ih=1')).body)).toEqual(['Dev']);
    await w
      .as('company')
      .post('/projects/candidate/hidden', { projectId: w.projects.acme, candidateId: w.cid('Dev'), hide: false });
    expect(namesOf(w, (await suggested('company', w.projects.acme)).body)).toEqual(['Ava', 'Dev', 'Eve']);
    const log = await w
      .knex('candidate_recruitment_stage_logs')
      .where({ project_id: w.projects.acme, candidate_id: w.ids.Dev })
      .orderBy('id')
      .pluck('activity');
    expect(log).toEqual([4, 5]);
  });

  it('isf=1 keeps the favourites, and the doc says so', async () => {
    await w.place(w.projects.memberOwn, 'Ava', 0, { curated: true });
    const fav = await w.as('member').post('/projects/candidate/favourite', {
      projectId: w.projects.memberOwn,
      candidateId: w.cid('Ava'),
      favourite: true,
    });
    expect(fav.status, JSON.stringify(fav.body)).toBe(200);
    await w.as('company').post('/projects/candidate/favourite', {
      projectId: w.projects.acme,
      candidateId: w.cid('Eve'),
      favourite: true,
    });
    const res = await suggested('company', w.projects.acme, '&isf=1');
    expect(namesOf(w, res.body)).toEqual(['Eve']);
    expect(res.body.docs[0].isFavorited).toBe(true);
  });

  it('marks candidates of the suggested tab and the shortlist as seen by the company, not other tabs', async () => {
    const seen = await w.as('company').post('/projects/candidate/seen', {
      projectId: w.projects.acme,
      candidates: [w.cid('Ava'), w.cid('Dev')],
      tab: 0,
    });
    expect(seen.body).toEqual({ success: true, seen: 2 });
    const docs = (await suggested('company', w.projects.acme)).body.docs as { id: string; seen: boolean }[];
    expect(
      docs
        .filter((d) => d.seen)
        .map((d) => d.id)
        .sort(),
    ).toEqual([w.cid('Ava'), w.cid('Dev')].sort());
    const longlist = await w
      .as('company')
      .post('/projects/candidate/seen', { projectId: w.projects.acme, candidates: [w.cid('Ben')], tab: 1 });
    expect(longlist.status).toBe(400);
  });
});

describe('What a RaaS company sees', () => {
  beforeAll(async () => {
    const at = new Date();
    await w.place(w.projects.raasPower, 'Ava', 1);
    await w.place(w.projects.raasPower, 'Ben', 2);
    await w.place(w.projects.raasPower, 'Ivy', 4, { guaranteed_at: at });
    await w.place(w.projects.raasPower, 'Chloe', 4, { interview_scheduled_at: at, guaranteed_at: at });
    await w.place(w.projects.raasPower, 'Dev', 6, { rejected_from: 1 });
    await w.place(w.projects.raasPower, 'Eve', 0, { curated: true });
  });

  it('sees shortlist and rejected fully, offered only once an interview was scheduled, never the suggested and longlist tabs', async () => {
    const stats = (await w.as('raas').get(`/projects/pipe-line?project_id=${w.projects.raasPower}`)).body.stats;
    expect(stats).toEqual({
      open: 0,
      qualify: 0,
      shortlist: 1,
      interviewing: 0,
      interviewing2: 0,
      offered: 1,
      placed: 0,
      rejected: 1,
    });
    expect(namesOf(w, (await tab('raas', w.projects.raasPower, 4)).body)).toEqual(['Chloe']);
    expect(namesOf(w, (await tab('raas', w.projects.raasPower, 6)).body)).toEqual(['Dev']);
    expect(namesOf(w, (await tab('raas', w.projects.raasPower, 1)).body)).toEqual([]);
    expect(namesOf(w, (await suggested('raas', w.projects.raasPower)).body)).toEqual([]);
  });

  it('admins see every stage of the same project', async () => {
    const stats = (await w.as('admin').get(`/projects/pipe-line?project_id=${w.projects.raasPower}`)).body.stats;
    expect(stats).toEqual({
      open: 1,
      qualify: 1,
      shortlist: 1,
      interviewing: 0,
      interviewing2: 0,
      offered: 2,
      placed: 0,
      rejected: 1,
    });
    expect(namesOf(w, (await tab('admin', w.projects.raasPower, 4)).body)).toEqual(['Chloe', 'Ivy']);
  });

  it('cannot move a candidate it does not see: to it, they are not there', async () => {
    const res = await w.as('raas').post('/projects/recruitment', {
      projectId: w.projects.raasPower,
      candidateId: w.cid('Ivy'),
      recruitmentStatus: 5,
    });
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('project.candidate.notFound');
  });

  it('finds the tab of a candidate by the guids, where it sees the candidate', async () => {
    const project = await w.knex('projects').where('id', w.projects.raasPower).first('guid');
    const guidOf = async (name: string) => (await w.knex('candidates').where('id', w.ids[name]).first('guid')).guid;
    const ben = await w
      .as('raas')
      .get(`/projects/get-project-tab-by-candidate?project_guid=${project.guid}&candidate_guid=${await guidOf('Ben')}`);
    expect(ben.body).toEqual({ success: true, tab: 2 });
    const ivy = await w
      .as('raas')
      .get(`/projects/get-project-tab-by-candidate?project_guid=${project.guid}&candidate_guid=${await guidOf('Ivy')}`);
    expect(ivy.status).toBe(404);
    const forAdmin = await w
      .as('admin')
      .get(`/projects/get-project-tab-by-candidate?project_guid=${project.guid}&candidate_guid=${await guidOf('Ivy')}`);
    expect(forAdmin.body.tab).toBe(4);
  });
});

describe("The suggested tab's order", () => {
  const firstNames = (body: { docs?: Record<string, unknown>[] }) =>
    (body.docs ?? []).map((d) => Object.entries(w.ids).find(([, id]) => `Candidate:${id}` === d.id)?.[0]);
  const savedFrom = async (currentUrl: string) => {
    const acme = await w
      .knex('projects')
      .where('id', w.projects.acme)
      .first('job_title_id', 'countries', 'salary_min', 'salary_max');
    const [row] = await w
      .knex('projects')
      .insert({
        ...acme,
        title: `Saved ${currentUrl}`,
        company_id: w.companies.acme,
        owner_id: w.people.owner,
        headcount: 1,
        current_url: currentUrl,
      })
      .returning('id');
    return row.id as number;
  };

  it('is the order of the search it was saved from: its text and its sort', async () => {
    // Eve's profile is the most complete but speaks least of data: only the text's relevance puts
    // another candidate before her.
    await w.knex('candidate_search_documents').where('id', w.ids.Eve).update({ completeness: 100 });
    await w.knex('candidate_search_documents').where('id', w.ids.Ava).update({ completeness: 0 });
    const dataFirst = await w.search('ts=data');
    expect(firstNames(dataFirst.body)[0]).not.toBe('Eve');
    for (const query of ['ts=data', 'ts=engineer&sort=recentlyAdded']) {
      const search = await w.search(query);
      expect(search.status).toBe(200);
      const projectId = await savedFrom(`/search?${query}`);
      const tabRes = await suggested('company', projectId);
      expect(tabRes.status, JSON.stringify(tabRes.body)).toBe(200);
      expect(firstNames(tabRes.body).length).toBeGreaterThan(1);
      expect(firstNames(tabRes.body), query).toEqual(firstNames(search.body));
    }
  });

  it('follows a sort the request asks for over the saved one', async () => {
    const projectId = await savedFrom('/search?ts=engineer');
    const recent = await suggested('company', projectId, '&sort=recentlyAdded');
    expect(firstNames(recent.body)).toEqual(firstNames((await w.search('ts=engineer&sort=recentlyAdded')).body));
  });
});
