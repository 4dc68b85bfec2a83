/**
 * The recruitment pipeline's vocabulary (spec section 4), side-free so the server, the console and
 * the portal share it: the stages with their ids, the project enums, and the names every rule and
 * screen uses. The transition rules themselves are in `stages.ts` beside this file.
 */

/** Recruitment stage ids exactly as the spec numbers them. */
export const STAGES = {
  open: 0,
  qualify: 1,
  shortlist: 2,
  interviewing: 3,
  offered: 4,
  placed: 5,
  rejected: 6,
  interviewing2: 7,
} as const;
export type StageKey = keyof typeof STAGES;
export type StageId = (typeof STAGES)[StageKey];

/** Next-step order (spec section 4): open, qualify, shortlist, interviewing, interviewing2, offered, placed. */
export const STAGE_ORDER: readonly StageId[] = [0, 1, 2, 3, 7, 4, 5];

/** The tabs of a project's page, in the order they are shown (rejected last). */
export const TAB_ORDER: readonly StageId[] = [0, 1, 2, 3, 7, 4, 5, 6];

export const PROJECT_STATUS = { active: 0, paused: 1, inactive: 3 } as const;
export const PROJECT_TYPE = { normal: 1, raas: 2 } as const;
export const PROJECT_PLAN = { free: 1, power: 2 } as const;
export const REQUIREMENT = { doesNotMatter: 0, required: 1, notRequired: 2 } as const;
export const WORKING_MODE = { remote: 1, onsite: 2, hybrid: 3 } as const;
export const PROJECT_NOTICE = { immediate: 0, oneMonth: 1, twoMonths: 2, threeMonths: 3 } as const;
export const PROJECT_FOR = { company: 0, myself: 1 } as const;
/** Project access levels (spec section 6): full 1, none 0. */
export const ACCESS = { none: 0, full: 1 } as const;
/** Note visibility (spec section 3): admins only 1, also the company 2. */
export const NOTE_VISIBILITY = { adminsOnly: 1, companyToo: 2 } as const;
export const INTERVIEW_TYPE = { inPerson: 1, virtual: 2 } as const;
/** Interview durations: 15 to 120 minutes in steps of 15 (ids 1 to 8). */
export const INTERVIEW_DURATIONS = [15, 30, 45, 60, 75, 90, 105, 120] as const;

/** What the activity log records (candidate_recruitment_stage_logs.activity). */
export const ACTIVITY = {
  stageChanged: 1,
  interviewRequested: 2,
  revealed: 3,
  hidden: 4,
  unhidden: 5,
  favourited: 6,
  unfavourited: 7,
  noteAdded: 8,
  noteEdited: 9,
  noteDeleted: 10,
  shared: 11,
  unshared: 12,
  addedToProject: 13,
  curated: 14,
  whitelistRequested: 15,
  requestAnswered: 16,
  guaranteed: 17,
} as const;
export type ActivityKey = keyof typeof ACTIVITY;

export const REQUEST_KIND = { interview: 1, whitelist: 2 } as const;
export const REQUEST_STATE = { sent: 0, approved: 1, rejected: 2, expired: 3 } as const;
/** qualify_requests.state (schema/entities/qualifyRequest.ts). */
export const QUALIFY_STATE = { queued: 0, sent: 1, delivered: 2, replied: 3, failed: 4 } as const;
export const REQUEST_CHANNEL = { email: 1, whatsapp: 2 } as const;
/** How long an interview request or job-description link stays valid (spec: 3 days). */
export const REQUEST_LIFETIME_DAYS = 3;
/** Job-description text limits (spec section 5), the WhatsApp template limits too. */
export const JD_LIMITS = { header: 60, body: 1024, footer: 60 } as const;
/** Hours after a qualify request before the same candidate may be sent another (each WhatsApp message is paid). */
export const QUALIFY_REPEAT_HOURS = 24;
/**
 * Hours after an interview or job-description request reached a candidate by WhatsApp before another may (from any
 * project or company): each message is paid by the platform, so within them a request asked by WhatsApp goes by email.
 */
export const WHATSAPP_REQUEST_REPEAT_HOURS = 24;
