/**
 * A list is written in a fixed number of statements: curating 50 candidates into a project costs
 * the statements curating 5 does (the rows, their history, their notices, threads, live events and
 * emails each in one statement), counted on the app's own connection pool for the request alone.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { logContext } from '../../backend/logger';
import { NOTIFICATION_CHANNEL, NOTIFICATION_KIND, RECIPIENT_KIND } from '../../schema/entities/live/notification';
import { pipelineWorld, type PipelineWorld } from '../helpers/pipeline';

let w: PipelineWorld;
let extra: number[];

beforeAll(async () => {
  w = await pipelineWorld();
  // 110 more active candidates like Ava, each with an address of their own.
  const ava = Number(w.cid('Ava').replace('Candidate:', ''));
  const { rows: columns } = await w.knex.raw(
    `select column_name from information_schema.columns
      where table_name = 'candidates' and table_schema = current_schema() and is_generated = 'NEVER'
        and column_default is null and column_name not in ('email')`,
  );
  const copied = (columns as { column_name: string }[]).map((c) => `"${c.column_name}"`).join(', ');
  const { rows } = await w.knex.raw(
    `insert into candidates (email, ${copied})
     select 'bulk' || g || '@talent.example.org', ${copied} from candidates, generate_series(1, 110) g where id = ?
     returning id`,
    [ava],
  );
  extra = (rows as { id: number }[]).map((r) => r.id);
  // Every company user of the project reads its notices by email: the emails are a list too.
  await w
    .knex('notification_preferences')
    .insert(
      [w.people.owner, w.people.member].map((id) => ({
        recipient_kind: RECIPIENT_KIND.companyUser,
        recipient_id: id,
        kind: NOTIFICATION_KIND.candidateCurated,
        channel: NOTIFICATION_CHANNEL.email,
      })),
    )
    .onConflict()
    .ignore();
}, 120_000);

/** The statements the request ran on the app's pool (those run in its context), and its answer. */
async function counted(candidateIds: number[]) {
  let statements = 0;
  const onQuery = () => {
    if (logContext.getStore()?.reqId) statements++;
  };
  w.knex.on('query', onQuery);
  try {
    const res = await w.as('admin').post('/projects/candidate/curate', {
      projectId: w.projects.acme,
      candidateIds: candidateIds.map((id) => `Candidate:${id}`),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return { statements, added: res.body.added as number };
  } finally {
    w.knex.off('query', onQuery);
  }
}

describe('Bulk curation', () => {
  it('curates 50 candidates in the statements it takes to curate 5, and tells the company of each', async () => {
    const five = await counted(extra.slice(0, 5));
    const fifty = await counted(extra.slice(5, 55));
    expect([five.added, fifty.added]).toEqual([5, 50]);
    expect(five.statements).toBeGreaterThan(5);
    expect(fifty.statements).toBe(five.statements);
    const threads = await w
      .knex('notifications')
      .where('subject_key', 'like', `projectCandidate:${w.projects.acme}:%`)
      .count({ n: '*' })
      .first();
    expect(Number(threads?.n)).toBeGreaterThanOrEqual(55);
  });
});
