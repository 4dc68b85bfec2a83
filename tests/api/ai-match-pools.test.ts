/**
 * AI match's ranking and score on the two judged pools of bench:match, smaller: 2,000 demo-like
 * synthetic candidates with the shapes that once misled the matcher planted among them (near-miss
 * titles such as 'Manufacturing Engineer' for a backend role and a Solar Engineer in Yokohama for a
 * data analyst, the exact title with none of the skills, every skill at a pay far above an 'up to'
 * salary), and the constructed graded candidates of four job descriptions. On every description
 * NDCG@10 is at least 0.95 and never below keyword search of the required skills joined with OR; a
 * candidate built to meet every requirement scores 80 or more, one holding none of the required
 * skills 30 or less.
 */
import pg from 'pg';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { loadIndex } from '../../backend/features/lookups';
import { refreshSearchTerms } from '../../backend/jobs/tasks/refresh_search_terms';
import { JOBS } from '../../scripts/benchMatch/jobs';
import {
  measure,
  writeConstructed,
  writeSynthetic,
  type JudgedDescription,
  type PoolFigures,
} from '../../scripts/benchMatch/pools';
import { SYNTHETIC_JOBS } from '../../scripts/benchMatch/synthetic';
import type { Ids } from '../../scripts/benchMatch/graded';
import { generateCandidates } from '../../seeds/synthetic/generate';
import { testApp, type TestApp } from '../helpers/app';

vi.setConfig({ testTimeout: 120_000 });

let t: TestApp;
const figures: Record<'constructed' | 'synthetic', PoolFigures[]> = { constructed: [], synthetic: [] };

const measured = async (pool: JudgedDescription[]) => {
  await t.knex.raw('analyze candidate_search_documents');
  const client = new pg.Client({ connectionString: t.url });
  await client.connect();
  try {
    await refreshSearchTerms(client);
  } finally {
    await client.end();
  }
  const out: PoolFigures[] = [];
  for (const d of pool) out.push(await measure(t.knex, d));
  return out;
};

beforeAll(async () => {
  t = await testApp();
  await generateCandidates({ knex: t.knex, connectionString: t.url, count: 2_000, workers: 1, chunk: 1_000 });
  const admin = await t.login('admin@example.com');
  const [skills, titles, cities, languages] = await Promise.all(
    (['skills', 'jobTitles', 'locations', 'languages'] as const).map((k) => loadIndex(t.knex, k)),
  );
  const must = (what: string, id: number | undefined) => {
    if (id === undefined) throw new Error(`the lookups have no ${what}`);
    return id;
  };
  const ids: Ids = {
    skill: (name) => skills.exactly(name)?.id,
    title: (name) => must(`job title ${name}`, titles.exactly(name)?.id),
    city: (name) => must(`city ${name}`, cities.exactly(name)?.id),
    language: (code) => must(`language ${code}`, languages.exactly(code)?.id),
  };
  const post = async (body: Record<string, unknown>) => {
    const res = await t.http.post('/api/v1/candidates').set('Authorization', `Bearer ${admin}`).send(body);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return Number(String(res.body.id).replace('Candidate:', ''));
  };
  const names = new Map(
    ((await t.knex('languages').select('code', 'name')) as { code: string; name: string }[]).map((l) => [
      l.code,
      l.name,
    ]),
  );
  const year = new Date().getUTCFullYear();
  // The constructed pool is measured before the synthetic one's planted fits join it (they are
  // judged only in their own pool); the synthetic pool judges every candidate, the graded ones too.
  const four = JOBS.filter((j) => ['backend', 'data-engineer', 'frontend', 'finance'].includes(j.key));
  figures.constructed = await measured(await writeConstructed(post, ids, four, names, year));
  figures.synthetic = await measured(await writeSynthetic(t.knex, post, ids, SYNTHETIC_JOBS, year));
}, 900_000);

describe.each(['synthetic', 'constructed'] as const)('The %s pool', (pool) => {
  it('Ranks each description at NDCG@10 0.95 or more, never below keyword search', () => {
    expect(figures[pool].length).toBeGreaterThanOrEqual(4);
    for (const f of figures[pool]) {
      expect(f.matcher, `${f.key}: NDCG@10`).toBeGreaterThanOrEqual(0.95);
      expect(f.matcher, `${f.key}: keyword search ranks ${f.keyword}`).toBeGreaterThanOrEqual(f.keyword);
    }
  });

  it('Scores a candidate meeting every requirement 80 or more, one holding none of the required skills 30 or less', () => {
    for (const f of figures[pool]) {
      expect(f.fullFitMin, `${f.key}: the lowest full fit`).toBeGreaterThanOrEqual(80);
      expect(f.noFitMax, `${f.key}: the highest no-fit`).toBeLessThanOrEqual(30);
    }
  });
});
