/**
 * A project relinked to another job of its ATS, against the Greenhouse stand-in: the next sync gives the project's
 * people, already synced to the old job, an application on the new one, filed under the person Greenhouse already
 * holds (no second person), and the card shows the new job's status, not the old one's.
 */
import { describe, expect, it } from 'vitest';
import { RUN_TRIGGER } from '../../schema/rules/ats';
import { runSync } from '../../backend/features/integrations';
import type { TestApp } from '../helpers/app';
import type { GreenhouseStandIn } from '../helpers/ats/greenhouse';
import { connectedForFile, greenhouseConnected, ok, projectWith, type People } from '../helpers/ats/world';

const SHORTLIST = 2;
let t: TestApp, gh: GreenhouseStandIn, p: People, integrationId: number;

connectedForFile(greenhouseConnected, (made) => ({ t, gh, p, integrationId } = made));

describe('A project relinked to another job', () => {
  it("puts its synced people on the new job, the same person, and shows the new job's status", async () => {
    const { project, candidates } = await projectWith(t, 'Relinked hires', 1, SHORTLIST, 760);
    const [a] = candidates;
    const email = (await t.knex('candidates').where('id', a).first('email')).email as string;
    const link = (jobId: string) =>
      p.admin.put(`/integrations/project-job/${integrationId}`, { projectId: project.id, jobId });
    const statusOnCard = async () => {
      const res = await p.admin.get(`/integrations/ats-status?projectId=${project.id}`);
      ok(res, 'ats status');
      return (res.body as { data: { candidateId: number; status: string }[] }).data.find((s) => s.candidateId === a);
    };

    ok(await link('101'), 'link to 101');
    await runSync(t.knex, t.config, integrationId, RUN_TRIGGER.manual);
    const person = gh.candidates.find((c) => c.email === email)!;
    expect(person).toBeDefined();
    const old = gh.applications.find((x) => x.candidateId === person.id && x.jobId === 101)!;
    expect(old).toBeDefined();
    // The company moves the old job's application on in Greenhouse: that status is the old job's only.
    old.stageId = 4;
    await runSync(t.knex, t.config, integrationId, RUN_TRIGGER.manual);
    expect((await statusOnCard())?.status).toBe('Offer');

    ok(await link('102'), 'relink to 102');
    // Until the next sync the card has nothing of job 102 to show, and nothing of 101's.
    expect(await statusOnCard()).toBeUndefined();
    await runSync(t.knex, t.config, integrationId, RUN_TRIGGER.manual);

    const onNew = gh.applications.filter((x) => x.jobId === 102 && x.candidateId === person.id);
    expect(onNew).toHaveLength(1);
    expect(gh.candidates.filter((c) => c.email === email)).toHaveLength(1);
    expect((await statusOnCard())?.status).toBe('Application Review');

    // A move after the relink goes to the new job's application.
    await t.knex('project_candidates').where({ project_id: project.id, candidate_id: a }).update({ stage: 3 });
    await runSync(t.knex, t.config, integrationId, RUN_TRIGGER.manual);
    expect(gh.applications.find((x) => x.id === onNew[0].id)?.stageId).toBe(3);
    expect(gh.applications.find((x) => x.id === old.id)?.stageId).toBe(4);
  }, 60_000);
});
