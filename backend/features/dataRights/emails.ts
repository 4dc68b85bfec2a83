/** Emails of candidates' data rights. Plain text is the source; the HTML is the same words. */
import { ERASURE_COOLING_OFF_DAYS } from '../../../schema/rules/dataRights';
import { formatDateTime } from '../../../schema/rules/dates';
import { t } from '../../../i18n';
import type { Config } from '../../config';
import { emailOf, profilePageAt } from '../../services/mail/templates';

/**
 * A moment as an email writes it for a reader whose zone the product does not know: in UTC, and
 * saying so ('3 Jan 2027, 4:05 am UTC'), so a reader west of UTC does not take it for a day later.
 */
export const inUtc = (moment: Date): string => `${formatDateTime(moment, { timeZone: 'UTC' }) ?? ''} UTC`;

export function erasureCodeEmail(config: Config, firstName: string | null, code: string) {
  const lines = [
    `Hi ${firstName ?? 'there'},`,
    profilePageAt(
      config,
      (url) =>
        `You asked us to erase your ${config.productName} profile and everything we hold about you. Enter the code ${code} to confirm on ${url}.`,
    ),
    `The erasure then happens ${ERASURE_COOLING_OFF_DAYS} days later; until then you can cancel it from the same page. The code expires in 10 minutes. If you did not ask for this, ignore this email: nothing happens without the code.`,
  ];
  return emailOf(config, `${code} is your code to confirm the erasure of your ${config.productName} data`, lines);
}

export function erasureScheduledEmail(config: Config, firstName: string | null, dueAt: Date) {
  const lines = [
    `Hi ${firstName ?? 'there'},`,
    `Your ${config.productName} data will be erased on ${inUtc(dueAt)}.`,
    profilePageAt(config, (url) => `Until then you can cancel the erasure from your profile page: ${url}`),
  ];
  return emailOf(config, `Your ${config.productName} data will be erased`, lines);
}

/**
 * To a company's owners and admins: records in their ATS of a person erased here that the product
 * could not erase there itself (the vendor has no erase call, the company held the person before,
 * or the call failed). Only the ATS's own record ids, never who the person was: the email
 * outlives the erasure.
 */
export function atsRecordsToEraseEmail(config: Config, records: { ats: string; remoteId: string }[], erasedThere = 0) {
  const lines = [
    'Hello,',
    `A candidate your company sent to its applicant tracking system through ${config.productName} asked to be erased, and ${config.productName} has erased them. Please erase these records in your ATS as well:`,
    ...records.map((r) => `${r.ats}: record ${r.remoteId}`),
    ...(erasedThere
      ? [
          `${config.productName} erased ${erasedThere === 1 ? 'one other record' : `${erasedThere} other records`} of theirs in your ATS through its API.`,
        ]
      : []),
    'Data protection law (PDPA, PDPO, GDPR) expects copies of their data to be erased too.',
  ];
  return emailOf(config, `Records to erase in your ATS`, lines);
}

/**
 * To the candidate: an admin answered their correction request. Applied: the profile now holds the
 * value; declined: the admin's reason, word for word. The page lists every request and answer.
 */
export function correctionAnsweredEmail(
  config: Config,
  firstName: string | null,
  field: string,
  applied: boolean,
  reason: string | null,
) {
  const label = t(`entities.candidate.fields.${field}`);
  const lines = [
    `Hi ${firstName ?? 'there'},`,
    applied
      ? `We corrected "${label}" on your ${config.productName} profile as you asked.`
      : `We looked at your request to correct "${label}" on your ${config.productName} profile and did not change it. Our answer: ${reason ?? ''}`,
    profilePageAt(config, (url) => `Your requests and our answers are on your profile page: ${url}`),
  ];
  return emailOf(
    config,
    applied ? `Your correction request was accepted` : `Your correction request was declined`,
    lines,
  );
}
