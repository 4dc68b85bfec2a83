import { defineEntity } from '../lib/define';
import { f } from '../lib/fields';
import { ACTIVITY } from '../rules/pipeline';

/**
 * The pipeline's activity log: every move of a candidate through a project's stages, every reveal,
 * hide, favourite, note, share and interview request (who, what, when, project, candidate, from,
 * to). The source of the candidate's profile insights (shortlists, interview requests) and of the
 * admins' dashboards. Written through logRecruitmentActivity (backend/features/talent/insights.ts).
 */
export const candidateRecruitmentStageLog = defineEntity({
  name: 'candidateRecruitmentStageLog',
  table: 'candidate_recruitment_stage_logs',
  subject: 'CandidateRecruitmentStageLog',
  fields: {
    // Empty for events about a whole project (sharing).
    candidateId: f.ref('candidate', { onDelete: 'cascade', index: false }),
    activity: f.enum(ACTIVITY, { required: true }),
    projectId: f.integer({ index: true }),
    // Recruitment stage ids of spec section 4 (0 open ... 7 interviewing2); empty for interview requests.
    fromStage: f.integer({ min: 0, max: 7 }),
    toStage: f.integer({ min: 0, max: 7 }),
    actorKind: f.enum({ admin: 1, companyUser: 2, candidate: 3 }),
    actorId: f.integer(),
    companyId: f.ref('company', { onDelete: 'set null' }),
    actorName: f.string({ max: 200 }),
    // What the event carried: reject reason, schedule details, the note's key, the user shared with.
    data: f.json({ max: 8000 }),
    ...f.timestamps(),
  },
  indexes: [
    ['candidateId', 'activity', 'createdAt'],
    // A project's events over a range (the event log, the live part of the rollups), their kinds checked in the index.
    { fields: ['projectId', 'createdAt', 'id'], include: ['activity', 'toStage', 'candidateId'] },
    // The recruitment event log: newest first over a date range, cut at a page, its kinds and
    // projects checked (and its capped count made) in the index alone.
    { fields: ['createdAt', 'id'], include: ['activity', 'toStage', 'projectId', 'candidateId'] },
    // A move's previous move of the same candidate in the same project: how long the stay it ends lasted.
    {
      fields: ['projectId', 'candidateId', 'createdAt', 'id'],
      include: ['toStage'],
      where: { field: 'activity', label: 'moves', in: [ACTIVITY.stageChanged] },
    },
  ],
  permissions: {
    // Written by the pipeline's own code; the candidate reads their own counts.
    admin: { read: true },
    candidate: { read: { when: 'ownCandidate' } },
  },
});
