/**
 * Duplicate detection against the judged set kept in tests/fixtures/duplicates/judged.json (built
 * by scripts/benchDuplicates/judged.ts): twins by each reason alone and combined are found, near
 * misses are not (precision >= 0.98, recall >= 0.9); a pair judged two people never comes back; a
 * profile not yet saved finds its twin.
 */
import type { Knex } from 'knex';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { DUPLICATE_STATUS } from '../../schema/entities/candidateDuplicate';
import { findTwins, scanPool, twinsOfDraft } from '../../backend/features/duplicates';
import { judge, loadJudged, writeJudged, type Written } from '../../scripts/benchDuplicates/judge';
import { testDatabase } from '../helpers/db';

vi.setConfig({ testTimeout: 60_000 });

let knex: Knex;
let written: Written[];

beforeAll(async () => {
  ({ knex } = await testDatabase());
  written = await writeJudged(knex, loadJudged());
  await scanPool(knex);
});

describe('Duplicate detection', () => {
  it('finds the judged twins by every reason and leaves the near misses alone', async () => {
    expect(written.length).toBeGreaterThanOrEqual(200);
    const j = await judge(knex, written);
    expect(j.mistakes).toEqual([]);
    expect(j.precision).toBeGreaterThanOrEqual(0.98);
    expect(j.recall).toBeGreaterThanOrEqual(0.9);
    expect(j.missingReasons).toEqual([]);
    // Every case of the set was judged, twins and near misses alike.
    const cases = new Set(written.map((w) => w.pair.case));
    expect(cases.size).toBeGreaterThanOrEqual(20);
  });

  it('never proposes again a pair an admin judged two people', async () => {
    const w = written.find((x) => x.pair.twin && x.pair.reasons.includes('phone'))!;
    const [lo, hi] = [Math.min(w.a, w.b), Math.max(w.a, w.b)];
    await knex('candidate_duplicates')
      .where({ candidate_id: lo, other_id: hi })
      .update({ status: DUPLICATE_STATUS.dismissed });
    await scanPool(knex);
    await findTwins(knex, [w.a]);
    const row = await knex('candidate_duplicates').where({ candidate_id: lo, other_id: hi }).first();
    expect(row.status).toBe(DUPLICATE_STATUS.dismissed);
    const twins = await twinsOfDraft(knex, { ...w.pair.b, id: w.b });
    expect(twins.map((x) => x.id)).not.toContain(w.a);
  });

  it('warns of a twin before a profile is saved, by an address gmail reads as the same', async () => {
    const w = written.find((x) => x.pair.case === 'gmail dots and googlemail')!;
    const [local] = w.pair.a.email.split('@');
    const twins = await twinsOfDraft(knex, {
      firstName: 'Someone',
      lastName: 'Else',
      email: `${local.replace('.', '')}+cv@googlemail.com`,
    });
    expect(twins[0]).toMatchObject({ id: w.a, reasons: ['email'] });
    expect(twins[0].confidence).toBeGreaterThanOrEqual(90);
  });

  it('finds a saved profile its twins by name, employer and title, with a confidence below a shared email', async () => {
    const w = written.find((x) => x.pair.case.startsWith('name typo'))!;
    const byName = (await findTwins(knex, [w.a])).get(w.a)!;
    expect(byName).toEqual([expect.objectContaining({ id: w.b, reasons: ['nameEmployerTitle'] })]);
    const e = written.find((x) => x.pair.case === 'email in another case')!;
    const byEmail = (await findTwins(knex, [e.a])).get(e.a)!;
    expect(byEmail[0].confidence).toBeGreaterThan(byName[0].confidence);
  });
});
