/**
 * A job of an integration is linked to at most one project, and a project to at most one job, in the
 * database itself: a unique index on the project links of integration_links, whose migration first
 * keeps only the newest link of a job linked to several projects, so it runs on a database that
 * already holds such links. Two link requests for one job at once: one linked, one refused on jobId.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LINK_KIND } from '../../schema/rules/ats';
import * as migration from '../../migrations/20261206055130_unique_integration_project_links';
import type { TestApp } from '../helpers/app';
import { workableConnected, type People } from '../helpers/ats/world';
import { makeProject } from '../helpers/interviews';

let t: TestApp;
let p: People;
let integrationId: number;

beforeAll(async () => {
  ({ t, p, integrationId } = await workableConnected());
});
afterAll(async () => {
  await t?.knex.destroy();
});

const projectLinks = (jobId: string) =>
  t
    .knex('integration_links')
    .where({ integration_id: integrationId, local_kind: LINK_KIND.project, remote_id: jobId })
    .orderBy('id')
    .select('id', 'local_id');

describe('One project per job, in the database', () => {
  it('links one of two projects asking for the same job at once, and refuses the other on jobId', async () => {
    const [a, b] = [
      await makeProject(t.knex, { title: 'Link race A' }),
      await makeProject(t.knex, { title: 'Link race B' }),
    ];
    const answers = await Promise.all(
      [a, b].map((project) =>
        p.admin.put(`/integrations/project-job/${integrationId}`, { projectId: project.id, jobId: 'BE01' }),
      ),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([200, 400]);
    const refused = answers.find((r) => r.status === 400)!;
    expect(refused.body.error.fields).toEqual({ jobId: 'jobId.errors.linkedElsewhere' });
    const linked = await projectLinks('BE01');
    expect(linked).toHaveLength(1);
    expect(linked[0].local_id).toBe([a, b][answers.findIndex((r) => r.status === 200)].id);
  });

  it('refuses a second project link to a job however it is written', async () => {
    const other = await makeProject(t.knex, { title: 'Link writer elsewhere' });
    const write = t.knex('integration_links').insert({
      integration_id: integrationId,
      local_kind: LINK_KIND.project,
      local_id: other.id,
      remote_id: 'BE01',
    });
    await expect(write).rejects.toMatchObject({ code: '23505' });
    expect(await projectLinks('BE01')).toHaveLength(1);
  });

  it('keeps the newest link of a job linked to several projects when the index is added to an existing database', async () => {
    await migration.down(t.knex);
    const projects = await Promise.all(
      ['Old link', 'Newest link', 'Middle link', 'Own job'].map((title) => makeProject(t.knex, { title })),
    );
    const at = (day: number) => new Date(Date.UTC(2026, 10, day));
    const row = (i: number, jobId: string, day: number) => ({
      integration_id: integrationId,
      local_kind: LINK_KIND.project,
      local_id: projects[i].id,
      remote_id: jobId,
      created_at: at(day),
      updated_at: at(day),
    });
    await t
      .knex('integration_links')
      .insert([row(0, 'FE02', 1), row(1, 'FE02', 9), row(2, 'FE02', 5), row(3, 'DS03', 2)]);
    await migration.up(t.knex);
    expect((await projectLinks('FE02')).map((l) => l.local_id)).toEqual([projects[1].id]);
    expect((await projectLinks('DS03')).map((l) => l.local_id)).toEqual([projects[3].id]);
    expect(await projectLinks('BE01')).toHaveLength(1);
    const refused = await p.admin.put(`/integrations/project-job/${integrationId}`, {
      projectId: projects[0].id,
      jobId: 'FE02',
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error.fields).toEqual({ jobId: 'jobId.errors.linkedElsewhere' });
  });
});
