/**
 * Finding a project by name (GET projects/search and the admins' GET projects/company/admin/search), and an admin
 * granting a project's company access to a candidate's identity (POST projects/candidate/access/grant), each probed
 * from every role's side, with another company's ids.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { STAGES } from '../../schema/rules/pipeline';
import { pipelineWorld, type PipelineWorld } from '../helpers/pipeline';

let w: PipelineWorld;
beforeAll(async () => {
  w = await pipelineWorld();
}, 120_000);

const titles = (body: { data: { title: string }[] }) => body.data.map((p) => p.title).sort();

describe('GET projects/search', () => {
  it('A company Admin finds their own company’s projects by title, never another company’s', async () => {
    const res = await w.as('company').get('/projects/search?q=acme');
    expect(res.status).toBe(200);
    expect(titles(res.body)).toEqual(expect.arrayContaining(['Acme confidential', 'Acme engineers']));
    expect(res.body.data.every((p: { company: { companyName: string } }) => p.company.companyName === 'Acme')).toBe(
      true,
    );
    expect((await w.as('company').get('/projects/search?q=globex')).body.data).toEqual([]);
    expect((await w.as('company').get('/projects/search?q=northwind')).body.data).toEqual([]);
  });

  it('A company Member finds the projects shared with them only, and a RaaS company its own', async () => {
    const member = titles((await w.as('member').get('/projects/search?q=hires')).body);
    expect(member).toContain("Marcus's hires");
    expect(titles((await w.as('member').get('/projects/search?q=confidential')).body)).toEqual([]);
    const raas = (await w.as('raas').get('/projects/search')).body.data as { company: { companyName: string } }[];
    expect(raas.length).toBeGreaterThan(0);
    expect(raas.every((p) => p.company.companyName === 'Northwind Talent')).toBe(true);
  });

  it('An admin finds any company’s project, with its id, status and company', async () => {
    const res = await w.as('admin').get('/projects/search?q=globex%20analysts&limit=5');
    expect(res.body.data).toEqual([
      {
        id: `Project:${w.projects.globex}`,
        guid: expect.any(String),
        title: 'Globex analysts',
        status: expect.any(Number),
        projectType: 1,
        company: { id: `Company:${w.companies.globex}`, companyName: 'Globex Analytics' },
      },
    ]);
  });

  it('A candidate is refused and a visitor asked to sign in', async () => {
    expect((await w.as('candidate').get('/projects/search?q=acme')).status).toBe(403);
    expect((await w.t.http.get('/api/v1/projects/search?q=acme')).status).toBe(401);
  });
});

describe('GET projects/company/admin/search', () => {
  it('An admin searches one company’s projects', async () => {
    const res = await w.as('advocate').get(`/projects/company/admin/search?companyId=Company:${w.companies.globex}`);
    expect(res.status).toBe(200);
    expect(titles(res.body)).toEqual(['Globex analysts']);
    const acme = await w.as('admin').get(`/projects/company/admin/search?companyId=${w.companies.acme}&q=engineers`);
    expect(titles(acme.body)).toEqual(['Acme engineers']);
  });

  it('A company that does not exist is not found, and a malformed id is refused at its field', async () => {
    const missing = await w.as('admin').get('/projects/company/admin/search?companyId=Company:99999999');
    expect(missing.status).toBe(404);
    expect(missing.body.error.code).toBe('company.notFound');
    const bad = await w.as('admin').get('/projects/company/admin/search?companyId=abc');
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toHaveProperty('companyId');
  });

  it('Company people are refused, for their own company as for another', async () => {
    for (const who of ['company', 'member', 'raas', 'candidate'] as const)
      for (const companyId of [w.companies.acme, w.companies.globex, w.companies.raas]) {
        const res = await w.as(who).get(`/projects/company/admin/search?companyId=${companyId}`);
        expect(res.status, `${who} asking about company ${companyId}`).toBe(403);
      }
    expect((await w.t.http.get('/api/v1/projects/company/admin/search')).status).toBe(401);
  });
});

describe('POST projects/candidate/access/grant', () => {
  const grant = (who: Parameters<PipelineWorld['as']>[0], projectId: number, candidateId: unknown) =>
    w.as(who).post('/projects/candidate/access/grant', { projectId: `Project:${projectId}`, candidateId });

  it('An admin grants the company the identity of an anonymous and a hidden candidate; a public one is left as is', async () => {
    const p = w.projects.acmeUnshared;
    for (const name of ['Eve', 'Dev', 'Ava']) await w.place(p, name, STAGES.qualify);
    const before = await w.as('company').get(`/projects/tab/search?project_id=${p}&tab=1`);
    const eveBefore = before.body.docs.find((d: { id: string }) => d.id === w.cid('Eve'));
    expect(eveBefore?.firstName ?? null).toBeNull();

    const res = await grant('admin', p, [w.cid('Eve'), w.cid('Dev'), w.cid('Ava')]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({
      success: true,
      granted: [w.cid('Eve'), w.cid('Dev')],
      alreadyVisible: [w.cid('Ava')],
    });
    expect((await w.rowOf(p, 'Eve'))?.revealed_at).not.toBeNull();
    expect((await w.rowOf(p, 'Ava'))?.revealed_at).toBeNull();
    const logged = await w
      .knex('candidate_recruitment_stage_logs')
      .where({ project_id: p, candidate_id: w.ids.Eve, activity: 3 })
      .first('data', 'from_stage', 'to_stage');
    expect(logged).toMatchObject({ from_stage: STAGES.qualify, to_stage: STAGES.qualify });
    expect(logged.data).toMatchObject({ granted: true });

    const after = await w.as('company').get(`/projects/tab/search?project_id=${p}&tab=1`);
    const eve = after.body.docs.find((d: { id: string }) => d.id === w.cid('Eve'));
    expect(eve).toMatchObject({ firstName: 'Eve' });
    // Granting again changes nothing.
    expect((await grant('admin', p, w.cid('Eve'))).body).toMatchObject({ granted: [], alreadyVisible: [w.cid('Eve')] });
  });

  it('A candidate not placed in the project is not found, and nothing is granted', async () => {
    const p = w.projects.memberOwn;
    await w.place(p, 'Eve', STAGES.shortlist);
    const res = await grant('admin', p, [w.cid('Eve'), w.cid('Dev')]);
    expect(res.status).toBe(404);
    expect(res.body.error).toMatchObject({ code: 'project.candidate.notFound', candidateIds: [w.cid('Dev')] });
    expect((await w.rowOf(p, 'Eve'))?.revealed_at).toBeNull();
  });

  it('An internal project has no company to grant access to', async () => {
    await w.place(w.projects.internal, 'Eve', STAGES.qualify);
    const res = await grant('admin', w.projects.internal, w.cid('Eve'));
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('project.candidate.access.noCompany');
  });

  it('Company people cannot grant themselves access, in their own project or another company’s', async () => {
    await w.place(w.projects.globex, 'Eve', STAGES.qualify);
    await w.place(w.projects.raasPower, 'Eve', STAGES.qualify);
    for (const who of ['company', 'member', 'raas', 'candidate'] as const)
      for (const p of [w.projects.acme, w.projects.globex, w.projects.raasPower]) {
        const res = await grant(who, p, w.cid('Eve'));
        expect(res.status, `${who} in project ${p}`).toBe(403);
      }
    expect((await w.rowOf(w.projects.globex, 'Eve'))?.revealed_at).toBeNull();
    const guest = await w.t.http
      .post('/api/v1/projects/candidate/access/grant')
      .send({ projectId: w.projects.globex, candidateId: w.cid('Eve') });
    expect(guest.status).toBe(401);
  });

  it('Malformed ids are refused at their field', async () => {
    const res = await w.as('admin').post('/projects/candidate/access/grant', { projectId: 'x', candidateId: [] });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.error.fields)).toEqual(expect.arrayContaining(['projectId', 'candidateId']));
  });
});
