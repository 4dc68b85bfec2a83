/**
 * Property test of the synthetic candidate generator: whatever the seed, a generated person's
 * claimed years of experience agree with their work history and with the seniority of their
 * titles, the titles they look for fit them, and citizenship agrees with the visa they state.
 */
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeCandidate, rngFrom, yearsFor } from '../../seeds/synthetic/candidateFactory';
import { loadPools, type Pools } from '../../seeds/synthetic/pools';
import { testApp } from '../helpers/app';

const TODAY = '2026-11-23';
let pools: Pools;
let titleName: Map<number, string>;
let citizenshipCode: Map<number, string>;
let cityCode: Map<number, string>;

beforeAll(async () => {
  const t = await testApp();
  pools = await loadPools(t.knex);
  titleName = new Map(pools.jobTitles.map((row) => [row.id, row.name]));
  citizenshipCode = new Map(pools.citizenships.map((row) => [row.id, row.code]));
  cityCode = new Map(pools.cities.map((row) => [row.id, row.code]));
});

interface Job {
  title: string;
  startDate: string;
  endDate: string | null;
}

const monthsOf = (date: string) => Number(date.slice(0, 4)) * 12 + Number(date.slice(5, 7)) - 1;

describe('Synthetic candidates are coherent people', () => {
  it('No candidate claims years of experience that contradict their history or their title', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 31 - 1 }), fc.integer({ min: 1, max: 1_000_000 }), (seed, n) => {
        const person = makeCandidate(rngFrom(seed), pools, n, { today: TODAY });
        const claimed = Number(/with (\d+) years? of experience/.exec(String(person.summary))?.[1]);
        const jobs = person.experiences as Job[];
        const worked = jobs.reduce(
          (sum, job) => sum + (job.endDate ? monthsOf(job.endDate) : monthsOf(TODAY)) - monthsOf(job.startDate),
          0,
        );
        const career = jobs.length ? monthsOf(TODAY) - Math.min(...jobs.map((job) => monthsOf(job.startDate))) : 0;

        // The months worked are the years claimed, and the career since the first job adds only the gaps between jobs.
        expect(Math.abs(worked - claimed * 12)).toBeLessThanOrEqual(jobs.length);
        expect(career / 12).toBeGreaterThanOrEqual(claimed - 0.1);
        expect(career / 12).toBeLessThanOrEqual(claimed + 1.5);
        // Nobody with years behind them has an empty history, and nobody holds a title beyond their years.
        if (claimed >= 1) expect(jobs.length).toBeGreaterThan(0);
        for (const job of jobs) expect(yearsFor(job.title)[0]).toBeLessThanOrEqual(claimed);
        for (const id of person.jobTitleLookingFor as number[])
          expect(yearsFor(titleName.get(id) ?? '')[0]).toBeLessThanOrEqual(claimed + 2);

        // In Singapore the stated visa agrees with the citizenship.
        const home = cityCode.get(person.currentLocationId as number);
        const citizen = citizenshipCode.get(person.citizenshipId as number) === home;
        if (home === 'SG') expect(person.visa === 'Citizen').toBe(citizen);
        if (pools.factTags.sgpr !== undefined && (person.tags as number[]).includes(pools.factTags.sgpr))
          expect(person.visa).toBe('Permanent Resident');
      }),
      { seed: 20261123, numRuns: 3000 },
    );
  });
});
