import { defineEntity } from '../lib/define';
import { f } from '../lib/fields';

/**
 * Each move of a candidate through a project's recruitment stages and each interview request:
 * the source of the shortlist and interview-request counts of the candidate's profile insights.
 * Written by the pipeline through backend/features/talent/activityLog.ts.
 */
export const candidateRecruitmentStageLog = defineEntity({
  name: 'candidateRecruitmentStageLog',
  table: 'candidate_recruitment_stage_logs',
  subject: 'CandidateRecruitmentStageLog',
  fields: {
    candidateId: f.ref('candidate', { required: true, onDelete: 'cascade', index: false }),
    activity: f.enum({ stageChanged: 1, interviewRequested: 2 }, { required: true }),
    projectId: f.integer({ index: true }),
    // Recruitment stage ids of spec section 4 (0 open ... 7 interviewing2); empty for interview requests.
    fromStage: f.integer({ min: 0, max: 7 }),
    toStage: f.integer({ min: 0, max: 7 }),
    actorKind: f.enum({ admin: 1, companyUser: 2, candidate: 3 }),
    actorId: f.integer(),
    companyId: f.ref('company', { onDelete: 'set null' }),
    ...f.timestamps(),
  },
  indexes: [['candidateId', 'activity', 'createdAt']],
  permissions: {
    // Written by the pipeline's own code; the candidate reads their own counts.
    admin: { read: true },
    candidate: { read: { when: 'ownCandidate' } },
  },
});
