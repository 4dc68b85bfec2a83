/**
 * Creating, editing, duplicating, listing and finding projects through HTTP, from every role's
 * side: the required fields and rules of spec section 5, who owns what, and the answers' shapes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../helpers/app';
import { pdfOf } from '../helpers/cvs';
import { projectBody, projectId, projectsApp, type People } from '../helpers/projects';

let t: TestApp;
let p: People;
let acme: number;
let raas: number;

beforeAll(async () => {
  ({ t, p, acme, raas } = await projectsApp());
});
afterAll(async () => {
  await t?.knex.destroy();
});

const body = (overrides: Record<string, unknown> = {}) => projectBody(t.knex, overrides);
const row = (apiId: string) => t.knex('projects').where('id', projectId(apiId)).first();

describe('Creating a project', () => {
  it('A company Admin creates a project of their company, owned by them, with an id and a guid', async () => {
    const res = await p.as('companyAdmin').post('/projects/create', await body());
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.success).toBe(true);
    expect(res.body.data).toMatchObject({
      title: 'Senior Backend Engineer',
      companyId: `Company:${acme}`,
      ownerId: `User:${p.who('companyAdmin').actor.id}`,
      status: 0,
      plan: 1,
      projectType: 1,
      stats: {
        open: 0,
        qualify: 0,
        shortlist: 0,
        interviewing: 0,
        interviewing2: 0,
        offered: 0,
        placed: 0,
        rejected: 0,
      },
      company: { id: `Company:${acme}`, companyName: 'Acme', companyType: 2 },
    });
    expect(res.body.data.id).toMatch(/^Project:\d+$/);
    expect(res.body.data.guid).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('create/new-project is the same call', async () => {
    const res = await p.as('companyAdmin').post('/projects/create/new-project', await body({ title: 'Data Analyst' }));
    expect(res.status).toBe(201);
    expect(res.body.data.title).toBe('Data Analyst');
  });

  it('A company user cannot set another company, the advocate, the checked flag or the internal flag: they are left out', async () => {
    const advocate = p.who('advocate').actor.id;
    const res = await p.as('companyAdmin').post(
      '/projects/create',
      await body({
        companyId: `Company:${raas}`,
        advocateId: `Admin:${advocate}`,
        checked: true,
        isAdminProject: true,
      }),
    );
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      companyId: `Company:${acme}`,
      advocateId: null,
      checked: false,
      isAdminProject: false,
    });
  });

  it("A company Admin may name a colleague as owner; a Member naming one is refused by field (they'd lose it)", async () => {
    const member = p.who('member').actor.id;
    const admin = p.who('companyAdmin').actor.id;
    const byAdmin = await p.as('companyAdmin').post('/projects/create', await body({ ownerId: `User:${member}` }));
    expect(byAdmin.body.data.ownerId).toBe(`User:${member}`);
    const byMember = await p.as('member').post('/projects/create', await body({ ownerId: `User:${admin}` }));
    expect(byMember.status).toBe(400);
    expect(byMember.body.error.fields).toEqual({ ownerId: 'project.errors.ownerLeavesYou' });
  });

  it('The console’s generic POST /projects as a company Member follows the same rules', async () => {
    const member = p.who('member').actor.id;
    const res = await p
      .as('member')
      .post('/projects', await body({ advocateId: `Admin:${p.who('advocate').actor.id}` }));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ ownerId: `User:${member}`, companyId: `Company:${acme}`, advocateId: null });
  });

  it('Every required field of spec section 5 is named at once', async () => {
    const res = await p.as('companyAdmin').post('/projects/create', {});
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toMatchObject({
      title: 'title.errors.required',
      jobTitleId: 'jobTitleId.errors.required',
      countries: 'countries.errors.required',
      headcount: 'headcount.errors.required',
      salaryMin: 'salaryMin.errors.required',
      salaryMax: 'salaryMax.errors.required',
      jobDescription: 'jobDescription.errors.required',
    });
  });

  it('The job description text is required unless its file follows', async () => {
    const refused = await p.as('companyAdmin').post('/projects/create', await body({ jobDescription: '' }));
    expect(refused.status).toBe(400);
    expect(refused.body.error.fields).toEqual({ jobDescription: 'jobDescription.errors.required' });
    const ok = await p
      .as('companyAdmin')
      .post('/projects/create', await body({ jobDescription: null, jdFileFollows: true }));
    expect(ok.status).toBe(201);
  });

  it('The maximum salary may not be below the minimum', async () => {
    const res = await p.as('companyAdmin').post('/projects/create', await body({ salaryMin: 9000, salaryMax: 8000 }));
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toEqual({ salaryMax: 'project.errors.salaryRange' });
  });

  it("An admin creates a company's project: the company is required, the owner must be its user, the advocate an Advocate", async () => {
    const raasUser = p.who('raasAdmin').actor.id;
    const noCompany = await p.as('general').post('/projects/create', await body());
    expect(noCompany.body.error.fields).toMatchObject({ companyId: 'company.errors.required' });
    const foreignOwner = await p
      .as('general')
      .post('/projects/create', await body({ companyId: acme, ownerId: raasUser }));
    expect(foreignOwner.body.error.fields).toEqual({ ownerId: 'project.errors.ownerNotInCompany' });
    const general = await p
      .as('general')
      .post(
        '/projects/create',
        await body({ companyId: acme, ownerId: p.who('member').actor.id, advocateId: p.who('general').actor.id }),
      );
    expect(general.body.error.fields).toEqual({ advocateId: 'project.errors.advocateInvalid' });
    const ok = await p.as('general').post(
      '/projects/create',
      await body({
        companyId: acme,
        ownerId: p.who('member').actor.id,
        advocateId: p.who('advocate').actor.id,
        checked: true,
      }),
    );
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    expect(ok.body.data).toMatchObject({
      ownerId: `User:${p.who('member').actor.id}`,
      advocate: { id: `Admin:${p.who('advocate').actor.id}`, name: 'Priya Raman' },
      checked: true,
    });
  });

  it('An internal project has no company and is owned by the admin who creates it', async () => {
    const res = await p
      .as('advocate')
      .post(
        '/projects/create',
        await body({ isAdminProject: true, companyId: acme, ownerId: p.who('member').actor.id }),
      );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data).toMatchObject({
      isAdminProject: true,
      companyId: null,
      ownerId: null,
      ownerAdminId: `Admin:${p.who('advocate').actor.id}`,
      company: null,
    });
  });

  it('A candidate may not create projects (403), a logged-out visitor must sign in (401)', async () => {
    expect((await p.as('candidate').post('/projects/create', await body())).status).toBe(403);
    expect((await p.as('guest').post('/projects/create', await body())).status).toBe(401);
  });

  it("The search's filters become the saved search, and candidates given are curated into the suggested tab", async () => {
    const candidates = (await t
      .knex('candidates')
      .where({ status: 1, visibility: true })
      .orderBy('id')
      .limit(2)
      .pluck('id')) as number[];
    // A General admin: an advocate curates only into projects they advocate (pipeline-advocate-scope.test.ts).
    const res = await p
      .as('general')
      .post(
        '/projects/create',
        await body({ companyId: acme, filters: 'jt=12&l=3', candidateIds: candidates.map((c) => `Candidate:${c}`) }),
      );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data.currentUrl).toBe('jt=12&l=3');
    expect(res.body.data.stats.open).toBe(2);
    const rows = await t
      .knex('project_candidates')
      .where('project_id', projectId(res.body.data.id))
      .orderBy('candidate_id');
    expect(rows.map((r) => [r.candidate_id, r.stage, r.curated])).toEqual(candidates.map((c) => [c, 0, true]));
    const job = await t
      .knex('graphile_worker.jobs')
      .where('key', `curated-email:${projectId(res.body.data.id)}`)
      .first();
    expect(job?.task_identifier).toBe('email_curated_candidates');
  });
});

describe('Editing and duplicating a project', () => {
  it('The owner edits fields and the saved filters; the rules hold on update too', async () => {
    const created = (await p.as('member').post('/projects/create', await body())).body.data;
    const edit = await p
      .as('member')
      .put('/projects/update/project', { projectId: created.id, title: 'Staff Engineer', headcount: 3 });
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    expect(edit.body.data).toMatchObject({ title: 'Staff Engineer', headcount: 3 });
    const range = await p.as('member').put('/projects/update/project', { project_id: created.id, salaryMin: 20000 });
    expect(range.body.error.fields).toEqual({ salaryMax: 'project.errors.salaryRange' });
    const filters = await p
      .as('member')
      .put('/projects/update/filters', { projectId: created.id, filters: 'ts=golang' });
    expect(filters.body.data.currentUrl).toBe('ts=golang');
    expect((await row(created.id)).title).toBe('Staff Engineer');
  });

  it('A duplicate copies the description, requirements and filters, starts active, and takes no candidates', async () => {
    const candidate = (await t.knex('candidates').where('status', 1).first('id')).id;
    const original = (
      await p
        .as('general')
        .post(
          '/projects/create',
          await body({ companyId: acme, filters: 'jt=4', candidateIds: [candidate], workingMode: 1 }),
        )
    ).body.data;
    await t.knex('projects').where('id', projectId(original.id)).update({ status: 3 });
    const res = await p.as('companyAdmin').post('/projects/duplicate-project', { projectId: original.guid });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data).toMatchObject({
      title: 'Senior Backend Engineer (copy)',
      currentUrl: 'jt=4',
      workingMode: 1,
      jobDescription: original.jobDescription,
      status: 0,
      ownerId: `User:${p.who('companyAdmin').actor.id}`,
    });
    expect(res.body.data.id).not.toBe(original.id);
    // No candidate comes along; its suggested count is whom the copied saved search finds, as its tab shows.
    const [{ n }] = await t
      .knex('project_candidates')
      .where('project_id', projectId(res.body.data.id))
      .count({ n: '*' });
    expect(Number(n)).toBe(0);
    const tab = await p.as('companyAdmin').get(`/projects/candidates/search?project_id=${res.body.data.id}`);
    expect(res.body.data.stats.open).toBe(tab.body.totalResults);
  });
});

describe('Finding and listing projects', () => {
  it("find answers by 'Project:N', N or guid, with stats, company, owner and what the caller may do", async () => {
    const created = (await p.as('companyAdmin').post('/projects/create', await body({ title: 'Finder' }))).body.data;
    for (const ref of [created.id, String(projectId(created.id)), created.guid]) {
      const res = await p.as('companyAdmin').get(`/projects/find/${ref}`);
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({
        id: created.id,
        owner: { id: created.ownerId, name: 'Olivia Tan' },
        access: { canEdit: true, canShare: true, canDelete: true },
      });
    }
    const missing = await p.as('companyAdmin').get('/projects/find/Project:999999');
    expect(missing.status).toBe(404);
    expect(missing.body.error.code).toBe('project.notFound');
    expect((await p.as('companyAdmin').get('/projects/find/not-an-id')).body.error.code).toBe('project.notFound');
  });

  it('The list filters by view, status and text, sorts, pages, and counts the statuses', async () => {
    const mine = (await p.as('member').post('/projects/create', await body({ title: 'Zebra Keeper Unique' }))).body
      .data;
    const byText = await p.as('companyAdmin').get('/projects/list?q=zebra keeper');
    expect(byText.status).toBe(200);
    expect(byText.body.data.map((d: { id: string }) => d.id)).toEqual([mine.id]);
    expect(byText.body.data[0]).toMatchObject({
      stats: { open: 0 },
      owner: { name: 'Marcus Lim' },
      company: { companyName: 'Acme' },
    });
    expect(byText.body.pagination).toEqual({ currentPage: 1, pageSize: 10, pagesCount: 1, dataCount: 1 });

    const memberMine = await p.as('member').get('/projects/list?view=mine&perPage=100');
    expect(memberMine.body.data.length).toBeGreaterThan(0);
    expect(
      memberMine.body.data.every((d: { ownerId: string }) => d.ownerId === `User:${p.who('member').actor.id}`),
    ).toBe(true);

    const all = await p.as('companyAdmin').get('/projects/list?perPage=2&page=1&sortBy=title&sortDir=asc');
    const [{ n }] = await t.knex('projects').where('company_id', acme).count({ n: '*' });
    expect(all.body.pagination).toMatchObject({
      pageSize: 2,
      dataCount: Number(n),
      pagesCount: Math.ceil(Number(n) / 2),
    });
    const titles = all.body.data.map((d: { title: string }) => d.title);
    expect(titles).toEqual([...titles].sort());

    await t.knex('projects').where('id', projectId(mine.id)).update({ status: 1 });
    const paused = await p.as('companyAdmin').get('/projects/list?status=1&perPage=100');
    expect(paused.body.data.map((d: { id: string }) => d.id)).toContain(mine.id);
    expect(paused.body.data.every((d: { status: number }) => d.status === 1)).toBe(true);

    const stats = await p.as('companyAdmin').get('/projects/status/stats');
    const counts = await t
      .knex('projects')
      .where('company_id', acme)
      .groupBy('status')
      .select('status', t.knex.raw('count(*)::int as n'));
    const of = (s: number) => counts.find((c) => c.status === s)?.n ?? 0;
    expect(stats.body).toEqual({ Active: of(0), Paused: of(1), Inactive: of(3) });
  });

  it('Admins list internal projects and the projects assigned to them', async () => {
    const internal = await p.as('general').get('/projects/list?view=internal&perPage=100');
    expect(internal.body.data.length).toBeGreaterThan(0);
    expect(internal.body.data.every((d: { isAdminProject: boolean }) => d.isAdminProject)).toBe(true);
    const assigned = await p.as('advocate').get('/projects/list?view=assigned&perPage=100');
    expect(assigned.body.data.length).toBeGreaterThan(0);
    expect(
      assigned.body.data.every((d: { advocateId: string }) => d.advocateId === `Admin:${p.who('advocate').actor.id}`),
    ).toBe(true);
    expect((await p.as('companyAdmin').get('/projects/list?view=internal')).body.data).toEqual([]);
  });

  it('A candidate may not list projects; a visitor must sign in', async () => {
    expect((await p.as('candidate').get('/projects/list')).status).toBe(403);
    expect((await p.as('guest').get('/projects/list')).status).toBe(401);
  });
});

describe('The job description file', () => {
  it('A PDF is stored like a CV and its text is kept; other files are refused like CV uploads', async () => {
    const created = (
      await p.as('companyAdmin').post('/projects/create', await body({ jobDescription: null, jdFileFollows: true }))
    ).body.data;
    const pdf = await pdfOf(['Senior Backend Engineer', 'You will design APIs in TypeScript.']);
    const res = await t.http
      .post('/api/v1/projects/add-job-description')
      .set('Authorization', `Bearer ${p.who('companyAdmin').token}`)
      .field('project_id', created.id)
      .attach('jd_file', pdf, 'role.pdf');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.jdFileName).toBe('role.pdf');
    const stored = await row(created.id);
    expect(stored.jd_file_path).toMatch(/^job-descriptions\//);
    expect(stored.jd_text).toContain('design APIs in TypeScript');
    const refused = await t.http
      .post('/api/v1/projects/add-job-description')
      .set('Authorization', `Bearer ${p.who('companyAdmin').token}`)
      .field('project_id', created.id)
      .attach('jd_file', Buffer.from('plain text'), 'role.txt');
    expect(refused.status).toBe(400);
    expect(refused.body.error.code).toBe('upload.errors.unsupportedType');
  });
});
