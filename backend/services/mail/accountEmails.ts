/** Email texts of accounts and sign-up: links, confirmations, invitations, approval and rejection. */
import { t } from '../../../i18n';
import type { Config } from '../../config';
import { emailOf, html, linkedAs, plainName, signInAt } from './templates';
import { formatDate } from '../../../schema/rules/dates';

const mail = emailOf;

/**
 * The greeting of an email to an address not proven yet (a sign-up's link or code, an email change's confirmation):
 * without the name the form or the account holds, since anyone may type anything there and have the product email it
 * to any address.
 */
export const hiUnproven = () => t('portal.unprovenEmail.greeting');

/** The greeting of an email to a known person, by their first name (the neutral one when they have none). */
const hi = (firstName: string | null | undefined) =>
  firstName ? t('portal.namedEmail.greeting', { name: firstName }) : hiUnproven();

export function magicLinkEmail(config: Config, firstName: string | null, url: string) {
  return mail(config, `Your ${config.productName} sign-in link`, [
    hi(firstName),
    `Open this link to sign in to ${config.productName}:`,
    linkedAs(config, url, url, 'signIn'),
    'It works once and expires in 15 minutes. If you did not ask for it, you can ignore this email.',
  ]);
}

/** The link that finishes a community sign-up: the account is created when it is opened. Greets no one by name. */
export function communitySignupLinkEmail(config: Config, url: string) {
  return mail(config, `Finish joining the ${config.productName} community`, [
    hiUnproven(),
    `Open this link to confirm your address and finish joining the ${config.productName} community:`,
    linkedAs(config, url, url, 'finishJoining'),
    'It works once and expires in 15 minutes. If you did not ask to join, you can ignore this email: nothing was created.',
  ]);
}

/**
 * Sent instead of a sign-up link or code when someone signs up with an address that already has an
 * account: the answer on the page is the same either way, and only the owner learns of it.
 */
export function accountExistsNotice(config: Config, firstName: string | null) {
  return mail(config, `Someone tried to sign up to ${config.productName} with your address`, [
    hi(firstName),
    `Someone tried to sign up to ${config.productName} with this email address. It already belongs to your account, so nothing was created or changed.`,
    signInAt(config, (url) => `If that was you, sign in at ${url} instead. If not, you can ignore this email.`),
  ]);
}

/** The link that moves an account to a new address, sent to that address before it is proven: greets no one by name. */
export function confirmEmailEmail(config: Config, url: string) {
  return mail(config, `Confirm your new ${config.productName} email address`, [
    hiUnproven(),
    'You asked to use this address for your account. Open this link to confirm it:',
    linkedAs(config, url, url, 'confirmEmail'),
    'The link expires in 24 hours. Until you confirm, you keep signing in with your current address.',
  ]);
}

/**
 * Sent instead of the confirmation link when an account asks to move to an address another account uses: the
 * requester is answered as for any address, and only the address's owner learns of it (a candidate profile's move
 * tells with the talent capability's own notice).
 */
export function accountEmailInUseNotice(config: Config, firstName: string | null) {
  const values = { product: config.productName };
  return mail(config, t('portal.accountEmailInUse.subject', values), [
    hi(firstName),
    t('portal.accountEmailInUse.body', values),
    t('portal.accountEmailInUse.next', values),
  ]);
}

/** Step 1 of a company sign-up: the code that proves the address before the company is described. Greets no one by name. */
export function signupCodeEmail(config: Config, code: string) {
  return mail(config, `${code} is your ${config.productName} sign-up code`, [
    hiUnproven(),
    `Enter this code to confirm your email address and continue signing up your company on ${config.productName}:`,
    code,
    'It expires in 10 minutes. If you did not start a sign-up, you can ignore this email.',
  ]);
}

export function signupReceivedEmail(config: Config, firstName: string, companyName: string) {
  return mail(config, `We received the sign-up of ${companyName}`, [
    hi(firstName),
    `Thank you for signing up ${companyName} to ${config.productName}. We have received your request.`,
    'Our team reviews every new company and aims to approve it within 1 business day. We will email you as soon as it is done; your 30-day free trial starts then.',
  ]);
}

/** The console's page of a company: its edit screen, at react-admin's path for the id `Company:<id>` under /admin. */
export const consoleCompanyUrl = (config: Config, companyId: number) =>
  `${config.publicUrl}/admin/companies/${encodeURIComponent(`Company:${companyId}`)}`;

export function adminNewCompanyEmail(
  config: Config,
  companyName: string,
  ownerName: string,
  ownerEmail: string,
  companyId: number,
  clashes: { name: string; shared: string[] }[] = [],
) {
  return mail(config, `New company awaiting approval: ${companyName}`, [
    `${companyName} signed up through self sign-up and is pending approval.`,
    `Requested by ${ownerName} <${ownerEmail}>.`,
    ...clashes.map((c) => t('portal.signupDomainClash', { domains: c.shared.join(', '), company: plainName(c.name) })),
    linkedAs(
      config,
      `Review it in the console: ${consoleCompanyUrl(config, companyId)}`,
      consoleCompanyUrl(config, companyId),
      'reviewCompany',
    ),
  ]);
}

export function companyApprovedEmail(
  config: Config,
  firstName: string | null,
  companyName: string,
  trialEndsAt: string,
) {
  return mail(config, `${companyName} is approved on ${config.productName}`, [
    hi(firstName),
    `Good news: ${companyName} is approved. Your free trial runs until ${formatDate(trialEndsAt) ?? trialEndsAt}.`,
    signInAt(
      config,
      (url) => `Sign in at ${url} to start your first project. Curated candidates arrive within 3 business days.`,
    ),
  ]);
}

export function companyRejectedEmail(config: Config, firstName: string | null, companyName: string) {
  return mail(config, `About the sign-up of ${companyName}`, [
    hi(firstName),
    `We reviewed the sign-up of ${companyName} and cannot approve it at this time.`,
    'If you think this is a mistake, reply to this email and our team will take another look.',
  ]);
}

/**
 * An invitation goes to an address not proven yet, on the word of whoever typed it: it greets no one by the name the
 * inviter typed, and carries the company's and the inviter's names as plain text only (plainName: capped, no links).
 */
export function invitationEmail(config: Config, typedCompanyName: string, inviterName: string | null, url: string) {
  const companyName = plainName(typedCompanyName);
  return mail(config, `You are invited to join ${companyName} on ${config.productName}`, [
    hiUnproven(),
    `${inviterName ? plainName(inviterName) : 'Your colleague'} invited you to join ${companyName} on ${config.productName}.`,
    linkedAs(config, `Open this link to set up your account: ${url}`, url, 'setUpAccount'),
    'The invitation expires in 3 days.',
  ]);
}

/**
 * Sent instead of an invitation when a company invites an address that already has an account elsewhere: the
 * company is answered as for any address, and only the address's owner learns of it, with the company's typed name as
 * plain text (plainName).
 */
export function teamInviteAccountExistsNotice(config: Config, firstName: string | null, typedCompanyName: string) {
  const companyName = plainName(typedCompanyName);
  return mail(config, `${companyName} tried to invite you to ${config.productName}`, [
    hi(firstName),
    `${companyName} tried to invite this email address to join their team on ${config.productName}. It already belongs to your ${config.productName} account, so nothing was created or changed.`,
    `If you want to join ${companyName}, ask them to invite another address. If you did not expect this, you can ignore this email.`,
  ]);
}

export function communityWelcomeEmail(config: Config, firstName: string | null) {
  return mail(config, `Welcome to the ${config.productName} community`, [
    hi(firstName),
    'Your community account is ready.',
    config.communityUrl
      ? `Join the conversation at ${config.communityUrl}`
      : linkedAs(
          config,
          `We will email you when roles that fit you open up. See what happens next at ${config.publicUrl}/community/welcome`,
          `${config.publicUrl}/community/welcome`,
          'whatNext',
        ),
  ]);
}

/** To the address an account left: the change is told where its owner still reads, in case it was not theirs. */
export function emailChangedNotice(config: Config, firstName: string | null, newEmail: string) {
  const lines = [
    hi(firstName),
    `The email address you sign in to ${config.productName} with is now ${newEmail}. Sign in with that address from now on.`,
    'If you did not make this change, reply to this email at once.',
  ];
  return {
    subject: `Your ${config.productName} email address was changed`,
    text: lines.join('\n\n'),
    html: html(config, lines),
  };
}
