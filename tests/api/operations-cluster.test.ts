/**
 * Several processes on one database, one of them killed: two web processes and a worker, each a
 * process of its own started the way an operator starts them, on the file's database, under a mixed
 * load (searches, stage moves, notes, chat messages, plan upgrades that spend credits, sign-ins) with
 * one web process killed (SIGKILL) half-way through the last phase (scripts/benchCluster/run.ts,
 * shorter than `npm run bench:cluster`). No process answers 5xx, no acknowledged write or charge is
 * lost or doubled and none cut by the kill doubled, every job queued runs exactly once, and the
 * killed process's live sockets catch up on the survivor. Throughput is the benchmark's business.
 */
import { describe, expect, it } from 'vitest';
import { runCluster } from '../../scripts/benchCluster/run';
import { testDatabase } from '../helpers/db';

describe('Two web processes and a worker, one web process killed under load', () => {
  it('Loses, doubles and fails nothing, and the sockets reconnect and catch up', async () => {
    const { url } = await testDatabase();
    const result = await runCluster({ databaseUrl: url, seconds: 4, users: 4 });
    expect(result.problems).toEqual([]);
    expect(result.phases.map((p) => p.name)).toEqual(['one process', 'two processes', 'two, one killed half-way']);
    for (const phase of result.phases) expect(phase.requests).toBeGreaterThan(0);
    const { counts } = result;
    for (const op of ['search', 'move', 'note', 'chat', 'credit', 'signIn'])
      expect(counts[`${op} acknowledged`], `${op} acknowledged`).toBeGreaterThan(0);
    expect(counts['moves in stage']).toBeGreaterThanOrEqual(counts['move acknowledged']);
    expect(counts['socket reconnects']).toBeGreaterThanOrEqual(5);
    expect(counts['socket events expected']).toBeGreaterThan(0);
    expect(counts['jobs completed']).toBe(counts['jobs done']);
  }, 300_000);
});
