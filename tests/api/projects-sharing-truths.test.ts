/**
 * Projects and their sharing answer what is true: the admins' "Add to project" list names each project's company and
 * finds by title or company; a note is read back by the rule it was written by (reach: the board, and the saved
 * filters of a normal company's project); a company never reads the admins' own filters in a project's saved search;
 * a Member owner cannot hand over a project they would lose, and is told so by field rather than silently replaced;
 * removing a share says when the person keeps access anyway; and paging notes after a deletion skips none.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { projectBody } from '../helpers/projects';
import { pipelineWorld, type PipelineWorld } from '../helpers/pipeline';

let w: PipelineWorld;
beforeAll(async () => {
  w = await pipelineWorld();
}, 240_000);

const pid = (id: number) => `Project:${id}`;

/** The first candidate of the project's suggested tab (its saved filters) that has no row in the project. */
async function suggestedWithoutRow(projectId: number): Promise<string> {
  const tab = await w.as('company').get(`/projects/candidates/search?project_id=${projectId}`);
  expect(tab.status, JSON.stringify(tab.body)).toBe(200);
  for (const doc of tab.body.docs as { id: string }[]) {
    const row = await w
      .knex('project_candidates')
      .where({ project_id: projectId, candidate_id: Number(doc.id.replace('Candidate:', '')) })
      .first();
    if (!row) return doc.id;
  }
  throw new Error('no suggested candidate without a row');
}

describe("The admins' Add to project list", () => {
  it("names each project's company and finds projects by title or company name", async () => {
    const all = await w.as('admin').get(`/projects/candidate/list?candidateId=${w.cid('Ava')}`);
    expect(all.status, JSON.stringify(all.body)).toBe(200);
    const acme = all.body.data.find((p: { id: string }) => p.id === pid(w.projects.acme));
    expect(acme).toMatchObject({ title: 'Acme engineers', companyName: 'Acme', hasCandidate: false });
    const internal = all.body.data.find((p: { id: string }) => p.id === pid(w.projects.internal));
    expect(internal).toMatchObject({ companyName: null });

    const byCompany = await w.as('admin').get(`/projects/candidate/list?candidateId=${w.cid('Ava')}&q=globex`);
    expect(byCompany.status).toBe(200);
    expect(byCompany.body.data.map((p: { id: string }) => p.id)).toContain(pid(w.projects.globex));
    expect(byCompany.body.data.every((p: { companyName: string }) => p.companyName === 'Globex Analytics')).toBe(true);

    const byTitle = await w.as('admin').get(`/projects/candidate/list?candidateId=${w.cid('Ava')}&q=Northwind%20pow`);
    expect(byTitle.body.data.map((p: { id: string }) => p.id)).toEqual([pid(w.projects.raasPower)]);
  });

  it("a company's list stays its own projects, without a company name, and q finds by title", async () => {
    const res = await w.as('company').get(`/projects/candidate/list?candidateId=${w.cid('Ava')}&q=confidential`);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([
      { id: pid(w.projects.acmeUnshared), title: 'Acme confidential', status: 0, hasCandidate: false },
    ]);
  });
});

describe('A note is read back by the rule it was written by', () => {
  it('the company reads its note on a suggested candidate of a closed project, which it wrote there', async () => {
    const cid = await suggestedWithoutRow(w.projects.acme);
    await w.knex('projects').where('id', w.projects.acme).update({ status: 3 });
    try {
      const seen = await w
        .as('company')
        .post('/projects/candidate/seen', { projectId: pid(w.projects.acme), candidates: [cid], tab: 0 });
      expect(seen.status).toBe(409);
      const wrote = await w
        .as('company')
        .post('/candidate-note', { candidateId: cid, projectId: pid(w.projects.acme), note: 'Call her Monday' });
      expect(wrote.status, JSON.stringify(wrote.body)).toBe(201);
      const read = await w.as('company').get(`/candidate-note/${cid}?projectId=${w.projects.acme}`);
      expect(read.status).toBe(200);
      expect(read.body.data.map((n: { note: string }) => n.note)).toEqual(['Call her Monday']);
      const everywhere = await w.as('company').get(`/candidate-note/${cid}`);
      expect(everywhere.body.data.map((n: { note: string }) => n.note)).toEqual(['Call her Monday']);
    } finally {
      await w.knex('projects').where('id', w.projects.acme).update({ status: 0 });
    }
  });

  it("the company reads an admin's note for it on a candidate its saved filters find, before any row", async () => {
    const tab = await w.as('company').get(`/projects/candidates/search?project_id=${w.projects.acme}`);
    const docs = tab.body.docs as { id: string }[];
    const cid = docs[docs.length - 1].id;
    const wrote = await w.as('admin').post('/candidate-note', {
      candidateId: cid,
      projectId: pid(w.projects.acme),
      note: 'Strong fit',
      visibility: 2,
    });
    expect(wrote.status, JSON.stringify(wrote.body)).toBe(201);
    const read = await w.as('company').get(`/candidate-note/${cid}?projectId=${w.projects.acme}`);
    expect(read.body.data.map((n: { note: string }) => n.note)).toContain('Strong fit');
  });

  it('a note on a candidate the company does not reach in the project stays unread by it', async () => {
    // Globex's project: the company never reads it; Acme's unshared project has no saved filters and no row of Ivy.
    const wrote = await w.as('admin').post('/candidate-note', {
      candidateId: w.cid('Ivy'),
      projectId: pid(w.projects.acmeUnshared),
      note: 'Not on their board',
      visibility: 2,
    });
    expect(wrote.status).toBe(201);
    const read = await w.as('company').get(`/candidate-note/${w.cid('Ivy')}?projectId=${w.projects.acmeUnshared}`);
    expect(read.status).toBe(200);
    expect(read.body.data).toEqual([]);
  });
});

describe("A project's saved search as a company reads it", () => {
  it("leaves out the admins' filters by name, company, owner and status, and keeps the rest as written", async () => {
    const engineer = await w.lookup('job_titles', 'Software Engineer');
    const saved = `/search?jt=${engineer}&ns=Ava%20Secret&cn=Hidden+Employer&ad=${w.people.admin}&cs=3&r=1`;
    await w.knex('projects').where('id', w.projects.acmeUnshared).update({ current_url: saved });
    const found = await w.as('company').get(`/projects/find/${pid(w.projects.acmeUnshared)}`);
    expect(found.status).toBe(200);
    expect(found.body.data.currentUrl).toBe(`/search?jt=${engineer}&r=1`);
    const list = await w.as('company').get('/projects/list?perPage=100');
    const listed = list.body.data.find((d: { id: string }) => d.id === pid(w.projects.acmeUnshared));
    expect(listed.currentUrl).toBe(`/search?jt=${engineer}&r=1`);
    expect(JSON.stringify(list.body)).not.toContain('Hidden');
    const admin = await w.as('admin').get(`/projects/find/${pid(w.projects.acmeUnshared)}`);
    expect(admin.body.data.currentUrl).toBe(saved);
  });
});

describe("A project's owner", () => {
  it('a Member owner of a project shared with nobody is not offered, and refused by field, the handover', async () => {
    const find = await w.as('member').get(`/projects/find/${pid(w.projects.memberOwn)}`);
    expect(find.body.data.access).toMatchObject({ canDelete: true, canHandOver: false });
    const owner = await w.as('company').get(`/projects/find/${pid(w.projects.memberOwn)}`);
    expect(owner.body.data.access).toMatchObject({ canHandOver: true });
    const res = await w.as('member').put('/projects/update/project', {
      projectId: pid(w.projects.memberOwn),
      ownerId: `User:${w.people.owner}`,
      jobDescription: 'We hire engineers',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.error.fields).toEqual({ ownerId: 'project.errors.ownerLeavesYou' });
    expect((await w.knex('projects').where('id', w.projects.memberOwn).first()).owner_id).toBe(w.people.member);
  });

  it('a Member naming a colleague owner of a new project is refused by field, not silently made the owner', async () => {
    const before = await w.knex('projects').count({ n: '*' }).first();
    const res = await w
      .as('member')
      .post(
        '/projects/create',
        await projectBody(w.knex, { title: 'Handed at birth', ownerId: `User:${w.people.owner}` }),
      );
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.error.fields).toEqual({ ownerId: 'project.errors.ownerLeavesYou' });
    expect(await w.knex('projects').count({ n: '*' }).first()).toEqual(before);
  });
});

describe('Removing a share says what is true', () => {
  it('while the project is shared with the whole company, the person keeps access and the answer says so', async () => {
    const projectId = pid(w.projects.acmeUnshared);
    const member = `User:${w.people.member}`;
    expect(
      (await w.as('company').post('/project-share/access/user', { projectId, userId: member, accessType: 1 })).status,
    ).toBe(200);
    expect((await w.as('company').post('/project-share/access/user/all', { projectId, accessType: 1 })).status).toBe(
      200,
    );
    const removed = await w.as('company').delete('/project-share/access/user').send({ projectId, userId: member });
    expect(removed.status).toBe(200);
    expect(removed.body).toMatchObject({ success: true, stillHasAccess: true, reason: 'company' });
    expect((await w.as('member').get(`/projects/find/${projectId}`)).status).toBe(200);

    expect((await w.as('company').post('/project-share/access/user/all', { projectId, accessType: 0 })).status).toBe(
      200,
    );
    await w.as('company').post('/project-share/access/user', { projectId, userId: member, accessType: 1 });
    const gone = await w.as('company').delete('/project-share/access/user').send({ projectId, userId: member });
    expect(gone.body).toMatchObject({ success: true, stillHasAccess: false });
    expect((await w.as('member').get(`/projects/find/${projectId}`)).status).toBe(404);
  });
});

describe('Notes page after the last one held', () => {
  it('deleting a note before loading more skips none', async () => {
    await w.place(w.projects.memberOwn, 'Ben', 1);
    const cid = w.cid('Ben');
    const written: string[] = [];
    for (let i = 1; i <= 21; i++) {
      const res = await w
        .as('member')
        .post('/candidate-note', { candidateId: cid, projectId: pid(w.projects.memberOwn), note: `Note ${i}` });
      expect(res.status).toBe(201);
      written.push(`Note ${i}`);
    }
    const first = await w.as('member').get(`/candidate-note/${cid}?projectId=${w.projects.memberOwn}`);
    const page1 = first.body.data as { key: string; note: string }[];
    expect(page1).toHaveLength(20);
    expect((await w.as('member').delete(`/candidate-note/${page1[5].key}`)).status).toBe(200);
    const held = page1.filter((_, i) => i !== 5);
    const more = await w
      .as('member')
      .get(`/candidate-note/${cid}?projectId=${w.projects.memberOwn}&before=${held[held.length - 1].key}`);
    expect(more.status, JSON.stringify(more.body)).toBe(200);
    const shown = [...held, ...more.body.data].map((n: { note: string }) => n.note);
    expect(shown.sort()).toEqual(written.filter((n) => n !== page1[5].note).sort());

    const bad = await w.as('member').get(`/candidate-note/${cid}?projectId=${w.projects.memberOwn}&before=nope`);
    expect(bad.status).toBe(400);
  });
});
