/**
 * Notifications (spec section 7): the inbox of admins and company users with each kind's channel
 * preference (endpoints.ts); `notify` writes a thread, raises it live and emails it when the
 * recipient asked to (notify.ts), to recipients found by role (recipients.ts); `byEmail` answers whom a
 * capability's own email of a kind reaches (those whose channel for it includes email). Exposes its
 * endpoints, `notify` with its recipients, the notices of each kind other capabilities raise
 * (kinds.ts) and the credit notices with their jobs (credits.ts), the delayed card payment's among them.
 */
export { notificationEndpoints, readThreadsAbout } from './endpoints';
export { byEmail, notify } from './notify';
export { adminRecipients, companyRecipients, projectFacts, projectReaders, type Recipient } from './recipients';
export {
  candidatesCurated,
  companyAwaitsApproval,
  interviewAnswered,
  movedByCompany,
  qualifyAnswered,
  readersSeeing,
} from './kinds';
export {
  creditsExpiring,
  creditsLow,
  orderExpired,
  orderLinkFor,
  paymentDelayed,
  queueLowCreditsNotice,
} from './credits';
