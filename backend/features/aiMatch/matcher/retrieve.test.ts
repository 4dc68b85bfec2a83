/**
 * Retrieval's cheap first score counts a career long enough exactly where the scorer does: the scorer counts whole
 * months (yearsPart), so a career started any day of the month `min` years ago is enough, on every day of this one.
 */
import { describe, expect, it } from 'vitest';
import { enoughYearsBy } from './retrieve';
import { scoreProfile, type MatchProfile } from './score';
import type { Requirements } from './types';

const req: Requirements = {
  skills: [],
  jobTitles: [],
  languages: [],
  locations: [],
  years: { min: 5 },
  employmentTypes: [],
};
const profile = (careerStart: string): MatchProfile => ({
  candidateId: 1,
  skills: [],
  wantedTitles: [],
  jobs: [],
  careerStart,
  languages: [],
  currentLocation: null,
  preferred: [],
  remote: null,
  salary: null,
  notice: null,
});
/** Whether the scorer gives the years part in full (the years asked are met). */
const scorerMeets = (careerStart: string, today: string) => {
  const ctx = { today, ratesToSgd: new Map(), locationCountries: new Map(), countryLabels: new Map() };
  const part = scoreProfile(req, profile(careerStart), ctx).parts.find((p) => p.key === 'years');
  return part?.points === part?.max;
};
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

describe('Enough years, as the scorer counts them', () => {
  it('agrees with the scorer for every career start around the anniversary, on days across a year (leap ones too)', () => {
    const disagreements: string[] = [];
    for (const today of ['2026-12-05', '2026-12-01', '2026-12-31', '2026-02-28', '2028-02-29', '2027-01-15']) {
      const since = enoughYearsBy(today, 5);
      const anniversary = Date.UTC(Number(today.slice(0, 4)) - 5, Number(today.slice(5, 7)) - 1, 15);
      for (let d = -50; d <= 50; d += 1) {
        const start = day(anniversary + d * 86400_000);
        if (start <= since !== scorerMeets(start, today)) disagreements.push(`${start} by ${today}`);
      }
    }
    expect(disagreements).toEqual([]);
    expect(enoughYearsBy('2026-12-05', 5)).toBe('2021-12-31');
    expect(enoughYearsBy('2028-02-29', 4)).toBe('2024-02-29');
  });
});
