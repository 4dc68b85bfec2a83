/**
 * A deleted project's ATS job link goes with it, whichever way the project is deleted (the bulk
 * DELETE /projects, the console's DELETE /projects/:id, a delete in SQL), so its job can be linked to
 * another project; a project candidate's link stays. A link of a project already gone is removed by
 * the migration that adds the trigger, before the unique index's migration picks the newest link of
 * a job, and is ignored by a link request.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LINK_KIND } from '../../schema/rules/ats';
import { migrationNames } from '../../backend/db/migrate';
import * as forget from '../../migrations/20261206055129_remove_links_of_deleted_projects';
import * as unique from '../../migrations/20261206055130_unique_integration_project_links';
import type { TestApp } from '../helpers/app';
import { workableConnected, type People } from '../helpers/ats/world';
import { makeProject, type TestProject } from '../helpers/interviews';

const FORGET = '20261206055129_remove_links_of_deleted_projects';
const UNIQUE = '20261206055130_unique_integration_project_links';

let t: TestApp;
let p: People;
let integrationId: number;

beforeAll(async () => {
  ({ t, p, integrationId } = await workableConnected());
});
afterAll(async () => {
  await t?.knex.destroy();
});

const link = (project: TestProject | { id: number }, jobId: string) =>
  p.admin.put(`/integrations/project-job/${integrationId}`, { projectId: project.id, jobId });

async function linked(project: TestProject, jobId: string) {
  const res = await link(project, jobId);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

const linksOf = (projectId: number) =>
  t.knex('integration_links').where({ local_kind: LINK_KIND.project, local_id: projectId }).select('remote_id');

const jobLinks = (jobId: string) =>
  t
    .knex('integration_links')
    .where({ integration_id: integrationId, local_kind: LINK_KIND.project, remote_id: jobId })
    .orderBy('id')
    .pluck('local_id');

/** A project id no project has. */
const goneId = async () => ((await t.knex('projects').max('id as max').first())!.max as number) + 1000;

describe("A deleted project's job link", () => {
  it('goes with the bulk delete, and the job links to another project', async () => {
    const [a, b] = [
      await makeProject(t.knex, { title: 'Bulk gone' }),
      await makeProject(t.knex, { title: 'Bulk next' }),
    ];
    await linked(a, 'BE01');
    const removed = await p.admin.delete('/projects').send({ keys: [a.id] });
    expect(removed.body).toEqual({ success: true, deleted: [`Project:${a.id}`], gone: [], refused: [] });
    expect(await linksOf(a.id)).toEqual([]);
    await linked(b, 'BE01');
    expect(await jobLinks('BE01')).toEqual([b.id]);
  });

  it("goes with the console's delete, and the job links to another project", async () => {
    const [a, b] = [
      await makeProject(t.knex, { title: 'Console gone' }),
      await makeProject(t.knex, { title: 'Console next' }),
    ];
    await linked(a, 'FE02');
    const removed = await p.admin.delete(`/projects/${a.id}`);
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    expect(await linksOf(a.id)).toEqual([]);
    await linked(b, 'FE02');
    expect(await jobLinks('FE02')).toEqual([b.id]);
  });

  it("goes with a delete in SQL, a project candidate's link staying", async () => {
    const a = await makeProject(t.knex, { title: 'SQL gone' });
    await linked(a, 'DS03');
    const candidateLink = {
      integration_id: integrationId,
      local_kind: LINK_KIND.projectCandidate,
      local_id: await goneId(),
      remote_id: 'application-kept',
    };
    await t.knex('integration_links').insert(candidateLink);
    await t.knex('projects').where('id', a.id).delete();
    expect(await linksOf(a.id)).toEqual([]);
    expect(await t.knex('integration_links').where(candidateLink)).toHaveLength(1);
  });

  it('left by a project already gone, does not hold its job', async () => {
    await t.knex('integration_links').insert({
      integration_id: integrationId,
      local_kind: LINK_KIND.project,
      local_id: await goneId(),
      remote_id: 'DS03',
    });
    const b = await makeProject(t.knex, { title: 'After a stray link' });
    await linked(b, 'DS03');
    expect(await jobLinks('DS03')).toEqual([b.id]);
  });

  it("is removed by the migration before the unique index's keeps a job's newest link", async () => {
    const order = migrationNames();
    expect(order.indexOf(`${FORGET}.ts`), 'runs first').toBeGreaterThan(-1);
    expect(order.indexOf(`${FORGET}.ts`), 'runs first').toBeLessThan(order.indexOf(`${UNIQUE}.ts`));
    await unique.down(t.knex);
    await forget.down(t.knex);
    const live = await makeProject(t.knex, { title: 'Live link' });
    const at = (day: number) => new Date(Date.UTC(2026, 10, day));
    const row = (localId: number, jobId: string, day: number) => ({
      integration_id: integrationId,
      local_kind: LINK_KIND.project,
      local_id: localId,
      remote_id: jobId,
      created_at: at(day),
      updated_at: at(day),
    });
    const gone = await goneId();
    await t.knex('integration_links').insert([row(live.id, 'QA04', 1), row(gone, 'QA04', 9), row(gone + 1, 'PM05', 3)]);
    await forget.up(t.knex);
    await unique.up(t.knex);
    expect(await jobLinks('QA04')).toEqual([live.id]);
    expect(await jobLinks('PM05')).toEqual([]);
    // The trigger is back: a delete takes the link.
    await t.knex('projects').where('id', live.id).delete();
    expect(await jobLinks('QA04')).toEqual([]);
  });
});
