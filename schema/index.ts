/** The registry of every entity. Order matters for migrations: referenced tables first. */
import { admin } from './entities/admin';
import { candidate } from './entities/candidate';
import { candidateActivity, candidateConsent, retentionRun } from './entities/consents';
import { candidateEducation } from './entities/candidateEducation';
import { candidateImport } from './entities/candidateImport';
import { candidateExperience } from './entities/candidateExperience';
import { candidateRecruitmentStageLog } from './entities/candidateRecruitmentStageLog';
import { candidateSearchOrViewLog } from './entities/candidateSearchOrViewLog';
import { company } from './entities/company';
import { communityUser } from './entities/communityUser';
import { companyUser } from './entities/companyUser';
import { creditLog } from './entities/creditLog';
import { creditLot } from './entities/creditLot';
import { candidateEmailChange } from './entities/internal/candidateEmailChange';
import { candidateFormerIdentifier } from './entities/internal/candidateFormerIdentifier';
import { cvUpload } from './entities/internal/cvUpload';
import { emailCode } from './entities/internal/emailCode';
import { outboxEmail } from './entities/internal/outboxEmail';
import { projectLog } from './entities/internal/projectLog';
import { analyticsEvent } from './entities/internal/analyticsEvent';
import {
  candidateInsightDaily,
  recruitmentStageDaily,
  recruitmentStageStay,
  recruitmentStageWeekly,
  rollupMark,
} from './entities/internal/dailyRollups';
import { rateLimitHit } from './entities/internal/rateLimitHit';
import { seedRun } from './entities/internal/seedRun';
import { session } from './entities/internal/session';
import { signupDraft } from './entities/internal/signupDraft';
import { socialLogin } from './entities/internal/socialLogin';
import { whatsappMessage } from './entities/internal/whatsappMessage';
import { invitation } from './entities/invitation';
import { salesOrder } from './entities/salesOrder';
import { citizenship } from './entities/lookups/citizenship';
import { city } from './entities/lookups/city';
import { country } from './entities/lookups/country';
import { industry } from './entities/lookups/industry';
import { jobTitle } from './entities/lookups/jobTitle';
import { language } from './entities/lookups/language';
import { skill } from './entities/lookups/skill';
import { candidateSearchDocument } from './entities/search/candidateSearchDocument';
import { candidateSearchPending } from './entities/search/candidateSearchPending';
import { candidateTagCount } from './entities/search/candidateTagCount';
import { searchTerm } from './entities/search/searchTerm';
import { currencyRate } from './entities/currencyRate';
import { tag } from './entities/tag';
import { project } from './entities/project';
import { projectCandidate } from './entities/projectCandidate';
import { candidateNote } from './entities/candidateNote';
import {
  integration,
  integrationFormerApplication,
  integrationJob,
  integrationLink,
  integrationRun,
} from './entities/integration';
import { aiMatchAssessment, aiMatchResult, aiMatchRun } from './entities/aiMatch';
import { candidateDuplicate, candidateMatchKey, candidateMerge } from './entities/candidateDuplicate';
import { dataRightsLog, erasedEmail, erasureRequest } from './entities/dataRights';
import { dataCorrection, dataExport } from './entities/dataExport';
import { interviewRequest } from './entities/interviewRequest';
import { qualifyRequest } from './entities/qualifyRequest';
import { liveEvent } from './entities/live/liveEvent';
import { notification, notificationPreference } from './entities/live/notification';
import { alertChangedCandidate, alertCompanySetting, alertMatch, alertNews, alertSubscription } from './entities/alert';
import { chatMessage, conversation, conversationParticipant } from './entities/chat/conversation';
import type { EntityDef } from './lib/types';

export const entities: readonly EntityDef[] = [
  country,
  city,
  jobTitle,
  skill,
  language,
  industry,
  citizenship,
  company,
  companyUser,
  invitation,
  communityUser,
  admin,
  tag,
  candidate,
  candidateExperience,
  candidateEducation,
  candidateSearchOrViewLog,
  candidateConsent,
  candidateActivity,
  retentionRun,
  candidateRecruitmentStageLog,
  project,
  projectCandidate,
  projectLog,
  candidateNote,
  interviewRequest,
  qualifyRequest,
  currencyRate,
  candidateSearchDocument,
  candidateSearchPending,
  candidateTagCount,
  searchTerm,
  candidateImport,
  creditLot,
  creditLog,
  salesOrder,
  candidateEmailChange,
  candidateFormerIdentifier,
  session,
  emailCode,
  outboxEmail,
  whatsappMessage,
  seedRun,
  signupDraft,
  socialLogin,
  rateLimitHit,
  cvUpload,
  liveEvent,
  notification,
  notificationPreference,
  alertSubscription,
  alertNews,
  alertMatch,
  alertChangedCandidate,
  alertCompanySetting,
  conversation,
  chatMessage,
  conversationParticipant,
  recruitmentStageDaily,
  recruitmentStageWeekly,
  recruitmentStageStay,
  candidateInsightDaily,
  rollupMark,
  analyticsEvent,
  integration,
  integrationLink,
  integrationFormerApplication,
  integrationJob,
  integrationRun,
  aiMatchRun,
  aiMatchResult,
  aiMatchAssessment,
  candidateDuplicate,
  candidateMatchKey,
  candidateMerge,
  erasureRequest,
  dataRightsLog,
  erasedEmail,
  dataExport,
  dataCorrection,
];

const byName = new Map(entities.map((e) => [e.name, e]));
const byResource = new Map(entities.filter((e) => e.resource).map((e) => [e.resource as string, e]));

export function entity(name: string): EntityDef {
  const found = byName.get(name);
  if (!found) throw new Error(`Unknown entity '${name}'`);
  return found;
}

export function entityByResource(resource: string): EntityDef | undefined {
  return byResource.get(resource);
}

export const resources = entities.filter((e) => e.resource);

export * from './lib/types';
export { f, EMAIL_PATTERN, mailtoHref, PHONE_PATTERN, PROFILE_PIC_PATTERN } from './lib/fields';
export { emailKey, normaliseEmail } from './lib/email';
export { choiceId, columnOf, fieldOf, isNullable, isWritable } from './lib/define';
