/**
 * The use cases behind the endpoints, called as functions with a real database and no HTTP: the
 * stage move and the profile panel answer and refuse as their endpoints do, so a job or a script
 * may call them and get the same rules.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { abilityFor } from '../../schema/ability';
import type { Actor } from '../../schema/roles';
import { STAGES } from '../../schema/rules/pipeline';
import { nextStage } from '../../schema/rules/stages';
import { actorOf, findAccountByEmail } from '../../backend/auth/accounts';
import { AppError } from '../../backend/errors';
import { moveCandidates } from '../../backend/features/pipeline/recruitment';
import { pipelineWorld, type PipelineWorld } from '../helpers/pipeline';

let w: PipelineWorld;
let owner: Actor;
beforeAll(async () => {
  w = await pipelineWorld();
  const account = await findAccountByEmail(w.knex, 'owner@acme.example.com');
  if (!account) throw new Error('no Acme owner');
  owner = actorOf(account);
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
    await w.place(w.projects.acme, 'Ava', STAGES.open);
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
