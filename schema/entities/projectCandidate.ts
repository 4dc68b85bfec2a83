import { defineEntity } from '../lib/define';
import { f } from '../lib/fields';
import { STAGES } from '../rules/pipeline';

/**
 * A candidate's place in one project's pipeline (spec section 3's per-project state): the stage,
 * where a rejection came from, the project's own hide and favourite flags, whether the company has
 * seen them, whether an anonymous candidate was revealed to the company, the guarantee, and the
 * last interview scheduling and rejection details. A row exists once a candidate is curated into
 * the project, added to it (the candidate menu's add), moved out of its suggested tab, or flagged,
 * seen or sent a request there; candidates the saved filters find are suggested without a row. Only
 * a curated or added row, or one past the suggested tab, holds the candidate in the project by
 * itself: a row written by a flag, a seen mark or a request leaves the saved filters to decide.
 * Written only by the pipeline (backend/features/pipeline).
 */
export const projectCandidate = defineEntity({
  name: 'projectCandidate',
  table: 'project_candidates',
  subject: 'ProjectCandidate',
  fields: {
    projectId: f.ref('project', { required: true, onDelete: 'cascade', index: false }),
    candidateId: f.ref('candidate', { required: true, onDelete: 'cascade' }),
    companyId: f.ref('company', { onDelete: 'cascade' }),
    stage: f.enum(STAGES, { required: true, default: 0 }),
    rejectedFrom: f.integer({ min: 0, max: 7 }),
    isHidden: f.boolean({ default: false }),
    isFavorited: f.boolean({ default: false }),
    // Put in the suggested tab by an admin or the project's advocate (not only found by the saved filters).
    curated: f.boolean({ default: false }),
    // Put in the suggested tab by the candidate menu's add (a company's own choice, or an admin's), curated or not.
    added: f.boolean({ default: false }),
    seenAt: f.datetime(),
    revealedAt: f.datetime(),
    guaranteedAt: f.datetime(),
    interviewScheduledAt: f.datetime(),
    interviewRequestedAt: f.datetime(),
    whitelistRequestedAt: f.datetime(),
    scheduleData: f.json({ max: 4000 }),
    rejectData: f.json({ max: 4000 }),
    lastRecruitmentUpdatedAt: f.datetime({ index: true }),
    ...f.timestamps(),
  },
  indexes: [{ fields: ['projectId', 'candidateId'], unique: true }, ['projectId', 'stage']],
  permissions: {
    admin: { read: true },
    company: { read: { when: 'ownCompany' } },
    raasCompany: { read: { when: 'ownCompany' } },
  },
});
