/**
 * The use cases behind the endpoints, called as functions with a real database and no HTTP: the
 * stage move, curation and the profile panel answer and refuse as their endpoints do, so a job or a script
 * may call them and get the same rules.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { abilityFor } from '../../schema/ability';
import type { Actor } from '../../schema/roles';
import { STAGES } from '../../schema/rules/pipeline';
import { nextStage } from '../../schema/rules/stages';
import { actorOf, findAccountByEmail } from '../../backend/auth/accounts';
import { AppError } from '../../backend/errors';
import { curateCandidates, moveCandidates } from '../../backend/features/pipeline';
import { openProfile } from '../../backend/features/search';
import { pipelineWorld, type PipelineWorld } from '../helpers/pipeline';

let w: PipelineWorld;
let owner: Actor;
let advocate: Actor;
const signedIn = async (email: string) => {
  const account = await findAccountByEmail(w.knex, email);
  if (!account) throw new Error(`no account ${email}`);
  return actorOf(account);
};
beforeAll(async () => {
  w = await pipelineWorld();
  owner = await signedIn('owner@acme.example.com');
  advocate = await signedIn('advocate@example.com');
}, 120_000);

const ctx = () => ({ knex: w.knex, config: w.t.config });
const refusal = async (p: Promise<unknown>) => {
  const error = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
};

describe('Moving candidates, as a function', () => {
  it("A company owner moves a candidate to the next stage: the row holds the stage and the answer counts the project's tabs", async () => {
    await w.place(w.projects.acme, 'Ava', STAGES.open, { added: true }); // the company's addition holds them there
    const to = nextStage(STAGES.open)!;
    const answer = await moveCandidates(ctx(), abilityFor(owner), owner, {
      projectId: w.projects.acme,
      candidateId: [w.ids.Ava],
      recruitmentStatus: to,
    });
    expect(answer.moved).toEqual([w.cid('Ava')]);
    expect(answer.stats).toBeDefined();
    expect((await w.rowOf(w.projects.acme, 'Ava'))?.stage).toBe(to);
  });

  it('A rejection without its form is refused with the field named, and nothing moves', async () => {
    await w.place(w.projects.acme, 'Ava', STAGES.shortlist);
    const error = await refusal(
      moveCandidates(ctx(), abilityFor(owner), owner, {
        projectId: w.projects.acme,
        candidateId: [w.ids.Ava],
        recruitmentStatus: STAGES.rejected,
      }),
    );
    expect(error.status).toBe(400);
    expect(Object.keys(error.fields ?? {})).toEqual(['rejectFormData.reason']);
    expect((await w.rowOf(w.projects.acme, 'Ava'))?.stage).toBe(STAGES.shortlist);
  });

  it("Another company's project is not found", async () => {
    const error = await refusal(
      moveCandidates(ctx(), abilityFor(owner), owner, {
        projectId: w.projects.globex,
        candidateId: [w.ids.Ava],
        recruitmentStatus: STAGES.shortlist,
      }),
    );
    expect(error.status).toBe(404);
  });
});

describe('Curating candidates, as a function', () => {
  it('An advocate curates into the project they advocate: the rows are flagged and the answer counts them', async () => {
    await w.knex('project_candidates').where({ project_id: w.projects.acme, candidate_id: w.ids.Ava }).delete();
    const answer = await curateCandidates(ctx(), abilityFor(advocate), advocate, {
      projectId: w.projects.acme,
      candidateIds: [w.ids.Ava],
    });
    expect(answer).toEqual({ success: true, added: 1 });
    expect((await w.rowOf(w.projects.acme, 'Ava'))?.curated).toBe(true);
  });

  it('An advocate is refused on a project they do not advocate, and nothing is written', async () => {
    const error = await refusal(
      curateCandidates(ctx(), abilityFor(advocate), advocate, {
        projectId: w.projects.globex,
        candidateIds: [w.ids.Ava],
      }),
    );
    expect(error.status).toBe(403);
    expect(await w.rowOf(w.projects.globex, 'Ava')).toBeUndefined();
  });

  it('A company owner does not curate', async () => {
    const error = await refusal(
      curateCandidates(ctx(), abilityFor(owner), owner, { projectId: w.projects.acme, candidateIds: [w.ids.Ava] }),
    );
    expect([403, 404]).toContain(error.status);
  });
});

describe('Opening a profile, as a function', () => {
  const noProject = () => Promise.reject(new Error('no project was named'));

  it("A company owner opens a candidate their search finds: the profile, not curation's fields, and a search's view", async () => {
    const opened = await openProfile(ctx(), abilityFor(owner), owner, noProject, w.cid('Ava'), {});
    expect(opened.profile.id).toBe(w.cid('Ava'));
    expect(opened.candidateId).toBe(w.ids.Ava);
    expect(opened.fromProject).toBe(false);
    expect(opened.profile).not.toHaveProperty('status');
  });

  it('An id that names nobody is not found', async () => {
    const error = await refusal(openProfile(ctx(), abilityFor(owner), owner, noProject, 'Candidate:999999', {}));
    expect(error.status).toBe(404);
  });
});
