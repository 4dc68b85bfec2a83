/**
 * Notifications (spec section 7): the inbox of admins and company users with each kind's channel
 * preference (endpoints.ts); `notify` writes a thread, raises it live and emails it when the
 * recipient asked to (notify.ts), to recipients found by role (recipients.ts). Exposes its
 * endpoints, `notify` with its recipients, the notices of each kind other capabilities raise
 * (kinds.ts) and the credit notices with their jobs (credits.ts).
 */
export { notificationEndpoints } from './endpoints';
export { channels, notify, notTurnedOff } from './notify';
export { adminRecipients, companyRecipients, projectFacts, projectReaders, type Recipient } from './recipients';
export {
  candidatesCurated,
  companyAwaitsApproval,
  interviewAnswered,
  movedByCompany,
  qualifyAnswered,
  readersSeeing,
} from './kinds';
export { creditsExpiring, creditsLow, queueLowCreditsNotice } from './credits';
