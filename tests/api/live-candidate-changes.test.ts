/**
 * A change to a candidate raises the board event of every project where they have a pipeline row (no candidate data
 * in it), whoever writes it: an admin's pause or edit, a consent withdrawn, a bulk statement (one event per project,
 * not per candidate). An event about a candidate the company's board shows neither before nor after reaches only the
 * admins, as the activity log's does.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { pipelineWorld, type PipelineWorld } from '../helpers/pipeline';

let w: PipelineWorld;

beforeAll(async () => {
  w = await pipelineWorld();
  for (const name of ['Ava', 'Ben', 'Ivy', 'Finn']) await w.place(w.projects.acme, name, 1);
  await w.place(w.projects.globex, 'Ava', 2);
  // The longlist of a RaaS project: its company's board does not show the candidate there.
  await w.place(w.projects.raasPower, 'Ava', 1);
});

/** The board events raised by `work`, as [project, kind], sorted. */
async function raisedBy(work: () => Promise<unknown>): Promise<[number, string][]> {
  const last = Number((await w.knex('live_events').max('id as id').first())?.id ?? 0);
  await work();
  const rows = await w.knex('live_events').where('id', '>', last).andWhere('topic', 1).orderBy('id');
  return rows
    .map((r): [number, string] => [r.subject_id as number, r.kind as string])
    .sort((a, b) => a[0] - b[0] || a[1].localeCompare(b[1]));
}

describe('A change to a candidate reaches the boards that hold them', () => {
  it("an admin's pause raises one event per project, for the company where its board showed them", async () => {
    const events = await raisedBy(() =>
      w
        .as('admin')
        .put(`/candidates/${w.cid('Ava')}`, { status: 2 })
        .expect(200),
    );
    expect(events).toEqual(
      [
        [w.projects.acme, 'pipeline.candidate'],
        [w.projects.globex, 'pipeline.candidate'],
        [w.projects.raasPower, 'pipeline.candidate.admins'],
      ].sort((a, b) => (a[0] as number) - (b[0] as number)),
    );
    const board = await w
      .as('company')
      .get(`/projects/tab/search?project_id=Project:${w.projects.acme}&tab=1`)
      .expect(200);
    expect(JSON.stringify(board.body)).toContain(w.cid('Ben'));
    expect(JSON.stringify(board.body)).not.toContain(w.cid('Ava'));
  });

  it('a bulk status change of many candidates in one statement raises one event per project', async () => {
    const ids = [w.ids.Ben, w.ids.Ivy, w.ids.Ava];
    const events = await raisedBy(() => w.knex('candidates').whereIn('id', ids).update({ status: 1 }));
    expect(events.filter(([p]) => p === w.projects.acme)).toEqual([[w.projects.acme, 'pipeline.candidate']]);
    expect(events.length).toBe(3);
  });

  it("a paused candidate's edit tells only the admins", async () => {
    const events = await raisedBy(() =>
      w
        .as('admin')
        .put(`/candidates/${w.cid('Finn')}`, { summary: 'Back in a month' })
        .expect(200),
    );
    expect(events).toEqual([[w.projects.acme, 'pipeline.candidate.admins']]);
  });

  it('a withdrawn consent to be shown to companies, and a new photo, reach the board', async () => {
    const withdrawn = await raisedBy(() =>
      w
        .as('admin')
        .put(`/data-rights/candidates/${w.cid('Ben')}/consents`, {
          consents: { shownToCompanies: false },
          request: 'The candidate asked by phone not to be shown to companies.',
        })
        .expect(200),
    );
    expect(withdrawn).toEqual([[w.projects.acme, 'pipeline.candidate']]);
    const photo = await raisedBy(() =>
      w.knex('candidates').where('id', w.ids.Ivy).update({ profile_pic: 'ivy-2.jpg' }),
    );
    expect(photo).toEqual([[w.projects.acme, 'pipeline.candidate']]);
  });

  it('a pipeline row taken by another profile or deleted, as a merge does, reaches the board', async () => {
    const moved = await raisedBy(() =>
      w
        .knex('project_candidates')
        .where({ project_id: w.projects.globex, candidate_id: w.ids.Ava })
        .update({ candidate_id: w.ids.Ivy }),
    );
    expect(moved).toEqual([[w.projects.globex, 'pipeline.candidate']]);
    const deleted = await raisedBy(() =>
      w.knex('project_candidates').where({ project_id: w.projects.globex, candidate_id: w.ids.Ivy }).delete(),
    );
    expect(deleted).toEqual([[w.projects.globex, 'pipeline.candidate']]);
  });

  it('what no board shows raises nothing', async () => {
    const events = await raisedBy(() =>
      w.knex('candidate_search_documents').where('id', w.ids.Ivy).update({ popularity: 42 }),
    );
    expect(events).toEqual([]);
  });
});
