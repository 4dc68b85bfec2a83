/**
 * The score means what a recruiter reads into it: a profile meeting every requirement lands at 80
 * or more and reads "strong yes"; one holding none of the required skills lands at 20 or less and
 * never above one holding some, whatever its other parts; a title counts as related only through a
 * family of trades, never a shared word; strengths list the requirements met first, skills first.
 */
import { describe, expect, it } from 'vitest';
import { related, scoreProfile, type MatchProfile, type ScoreContext } from './score';
import type { Requirements } from './types';
import { localVerdict } from './verdict';

const ctx: ScoreContext = {
  today: '2026-12-01',
  ratesToSgd: new Map([['SGD', 1]]),
  locationCountries: new Map([[10, 1]]),
  countryLabels: new Map(),
};
const req: Requirements = {
  skills: [
    { id: 1, label: 'Java', required: true },
    { id: 2, label: 'PostgreSQL', required: true },
    { id: 3, label: 'Apache Kafka', required: true, anyOf: [{ id: 4, label: 'RabbitMQ' }] },
    { id: 5, label: 'Kubernetes', required: false },
  ],
  jobTitles: [{ id: 100, label: 'Senior Backend Engineer' }],
  languages: [{ id: 7, label: 'English' }],
  locations: [{ id: 10, label: 'Singapore' }],
  years: { min: 5 },
  salary: { min: 8000, max: 12000, currency: 'SGD' },
  employmentTypes: [],
};
const job = (title: string, titleId: number | null, start: string) => ({
  title,
  company: 'Somewhere',
  titleId,
  titleLabel: titleId ? title : null,
  start,
  end: null,
  current: true,
  description: null,
});
const profile = (over: Partial<MatchProfile>): MatchProfile => ({
  candidateId: 1,
  skills: [],
  wantedTitles: [],
  jobs: [job('Senior Backend Engineer', 100, '2018-01-01')],
  careerStart: '2018-01-01',
  languages: [{ id: 7, label: 'English', level: 3 }],
  currentLocation: { id: 10, label: 'Singapore', countryId: 1 },
  preferred: [{ id: 10, label: 'Singapore', countryId: 1, visaType: 1 }],
  remote: null,
  salary: { amount: 10000, currency: 'SGD' },
  notice: { type: 0, option: null },
  ...over,
});
const skill = (id: number, label: string) => ({ id, label, star: true, aliases: [] });

describe('Calibration', () => {
  it('Scores a full fit 80 or more, strong yes; RabbitMQ meets "Kafka or RabbitMQ"', () => {
    const full = scoreProfile(
      req,
      profile({ skills: [skill(1, 'Java'), skill(2, 'PostgreSQL'), skill(4, 'RabbitMQ'), skill(5, 'Kubernetes')] }),
      ctx,
    );
    expect(full.score).toBeGreaterThanOrEqual(80);
    expect(full.parts[0].evidence).toMatch(/^3 of 3 required skills/);
    expect(localVerdict(full).recommendation).toBe('strong_yes');
  });

  it('Keeps a profile with none of the required skills at 20 or less, below one with a single skill and poor logistics', () => {
    const none = scoreProfile(req, profile({ skills: [skill(5, 'Kubernetes')] }), ctx);
    const one = scoreProfile(
      req,
      profile({
        skills: [skill(1, 'Java')],
        jobs: [job('Chemical Engineer', 200, '2024-01-01')],
        careerStart: '2024-01-01',
        preferred: [{ id: 99, label: 'Tokyo', countryId: 2, visaType: 4 }],
        currentLocation: null,
        salary: { amount: 30000, currency: 'SGD' },
      }),
      ctx,
    );
    expect(none.score).toBeLessThanOrEqual(20);
    expect(one.score).toBeGreaterThan(none.score);
    expect(localVerdict(none).recommendation).toBe('no');
  });

  it('Lists strengths with the requirements met first, skills before logistics', () => {
    const s = scoreProfile(
      req,
      profile({ skills: [skill(1, 'Java'), skill(2, 'PostgreSQL'), skill(3, 'Apache Kafka')] }),
      ctx,
    );
    const strengths = localVerdict(s).strengths.map((x) => x.split(':')[0]);
    expect(strengths.slice(0, 4)).toEqual(['Skills', 'Title', 'Experience', 'Languages']);
  });
});

describe('Related titles', () => {
  it('Relates titles of one trade, not titles that share a word', () => {
    expect(related('Software Engineer', 'Senior Backend Engineer')).toBe(true);
    expect(related('Senior Data Analyst', 'Data Analyst')).toBe(true);
    expect(related('iOS Developer', 'Android Developer')).toBe(true);
    expect(related('Manufacturing Engineer', 'Senior Backend Engineer')).toBe(false);
    expect(related('Chemical Engineer', 'Data Analyst')).toBe(false);
    expect(related('Solar Engineer', 'Data Analyst')).toBe(false);
  });

  it('Gives a Manufacturing Engineer no title points for a backend role', () => {
    const s = scoreProfile(req, profile({ jobs: [job('Manufacturing Engineer', 300, '2018-01-01')] }), ctx);
    expect(s.parts.find((p) => p.key === 'title')).toMatchObject({ points: 0 });
  });
});
