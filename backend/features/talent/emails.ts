/** Emails of the talent capability. Plain text is the source; the HTML is the same words. */
import type { Config } from '../../config';
import { hiUnproven } from '../../services/mail/accountEmails';
import { emailOf, linkedAs, signInAt } from '../../services/mail/templates';

/** The code that moves a profile to a new address, sent to that address before it is proven: greets no one by name. */
export function emailChangeCodeEmail(config: Config, code: string, link: string) {
  const lines = [
    hiUnproven(),
    linkedAs(
      config,
      `Enter the code ${code} on your profile page to use this address for your ${config.productName} profile, or open this link: ${link}`,
      link,
      'confirmEmail',
    ),
    'It expires in 10 minutes. If you did not ask for this change, you can ignore this email.',
  ];
  return emailOf(config, `${code} is your ${config.productName} email confirmation code`, lines);
}

/** Sent when an admin saves a profile with "send set-password email": sign-in is by emailed code, so it invites to sign in. */
export function profileReadyEmail(config: Config, firstName: string | null) {
  const lines = [
    `Hi ${firstName ?? 'there'},`,
    signInAt(
      config,
      (url) =>
        `Your ${config.productName} talent profile is ready. Sign in at ${url} with this email address: we email you a one-time code, so there is no password to remember.`,
    ),
    'Check your details, add your CV, and pause your profile whenever you are not looking.',
  ];
  return emailOf(config, `Your ${config.productName} profile is ready`, lines);
}

/** Sent to an address someone asked to move a candidate profile to while it already belongs to an account. */
export function emailInUseNotice(config: Config, firstName: string | null) {
  const lines = [
    `Hi ${firstName ?? 'there'},`,
    `Someone asked to use this email address for a ${config.productName} candidate profile. It already belongs to your ${config.productName} account, so nothing was changed.`,
    signInAt(
      config,
      (url) => `If that was you, sign in at ${url} with this address instead. If not, you can ignore this email.`,
    ),
  ];
  return emailOf(config, `Your email address was entered on ${config.productName}`, lines);
}
