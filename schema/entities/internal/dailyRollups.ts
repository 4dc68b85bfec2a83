import { defineEntity } from '../../lib/define';
import { f } from '../../lib/fields';

/** The kinds counted per candidate and day: the profile insights (a reveal is a company seeing the name and contact). */
export const INSIGHT_KIND = {
  searchAppearance: 1,
  profileView: 2,
  shortlist: 3,
  interviewRequest: 4,
  reveal: 5,
} as const;

/**
 * Daily rollups of the growing logs, kept by the `rollup_daily` job (backend/features/dashboards/
 * rollups.ts): it recomputes the last two days up to yesterday (UTC) and moves `rollup_marks.through`
 * on. A reader adds the rollup's days up to `through` to the raw rows after it, so answers are exact
 * whenever the job last ran, and cost the number of days rather than the number of events.
 */
export const recruitmentStageDaily = defineEntity({
  name: 'recruitmentStageDaily',
  table: 'recruitment_stage_daily',
  subject: 'RecruitmentStageDaily',
  fields: {
    day: f.date({ required: true }),
    projectId: f.integer({ required: true }),
    toStage: f.integer({ required: true }),
    moves: f.integer({ required: true }),
  },
  indexes: [{ fields: ['day', 'projectId', 'toStage'], unique: true }, ['projectId', 'day']],
  permissions: {},
});

/**
 * The daily moves summed per week (Monday, UTC), project and stage, so a range of months reads one
 * row per project and stage a week instead of seven. The same job keeps it from the daily rows of the
 * weeks it recomputes; readers take only the weeks the daily rollup holds to their last day.
 */
export const recruitmentStageWeekly = defineEntity({
  name: 'recruitmentStageWeekly',
  table: 'recruitment_stage_weekly',
  subject: 'RecruitmentStageWeekly',
  fields: {
    week: f.date({ required: true }),
    projectId: f.integer({ required: true }),
    toStage: f.integer({ required: true }),
    moves: f.integer({ required: true }),
  },
  indexes: [
    { fields: ['week', 'projectId', 'toStage'], unique: true, include: ['moves'] },
    { fields: ['projectId', 'week'], include: ['toStage', 'moves'] },
  ],
  permissions: {},
});

/** Per candidate, kind (INSIGHT_KIND) and day: how many times it happened. */
export const candidateInsightDaily = defineEntity({
  name: 'candidateInsightDaily',
  table: 'candidate_insight_daily',
  subject: 'CandidateInsightDaily',
  fields: {
    candidateId: f.integer({ required: true }),
    kind: f.integer({ required: true }),
    day: f.date({ required: true }),
    count: f.integer({ required: true }),
  },
  indexes: [{ fields: ['candidateId', 'kind', 'day'], unique: true }, ['day']],
  permissions: {},
});

/** How far each rollup is complete: every day up to `through` is in it. */
export const rollupMark = defineEntity({
  name: 'rollupMark',
  table: 'rollup_marks',
  subject: 'RollupMark',
  fields: {
    name: f.string({ required: true, max: 60, unique: true }),
    through: f.date({ required: true }),
  },
  permissions: {},
});

/**
 * Every stay of a candidate in a project's stage that ended on `day` (UTC): the stage left and how
 * long the candidate was in it, from the move into it to the move out of it. The recruiter
 * dashboard's median days in stage reads these rows instead of pairing every move with the one
 * before it. `sample` (the leaving move's id modulo 100) lets a period holding more stays than are
 * counted exactly be read through an even share of them.
 */
export const recruitmentStageStay = defineEntity({
  name: 'recruitmentStageStay',
  table: 'recruitment_stage_stays',
  subject: 'RecruitmentStageStay',
  idType: 'bigserial',
  fields: {
    day: f.date({ required: true }),
    projectId: f.integer({ required: true }),
    stage: f.integer({ required: true }),
    seconds: f.integer({ required: true }),
    sample: f.integer({ required: true, min: 0, max: 99 }),
  },
  indexes: [
    ['day'],
    { fields: ['projectId', 'day'], include: ['stage', 'seconds'] },
    { fields: ['projectId', 'sample', 'day'], include: ['stage', 'seconds'] },
  ],
  permissions: {},
});
