/**
 * The login page's flags (`userNotActivate`...) and the message key of each: the words a refused sign-in gives, shared
 * by the portal (its login page and session watch) and the console (its session watch). REFUSAL_FLAGS in
 * backend/auth/accounts.ts names them on the server.
 */
import { t } from '../../i18n';

export const LOGIN_FLAGS = {
  exitemail: 'email.errors.exists',
  userStatusErr: 'user.statusErr',
  userPending: 'user.pending',
  /** An invitee who has not accepted yet: the redirect of a Google or LinkedIn sign-in names no company. */
  userInvitationPending: 'user.invitationPendingAnyCompany',
  userPendingActivation: 'user.pendingActivation',
  userNotActivate: 'user.notActivate',
  userNotFound: 'user.notFound',
  companyNotFound: 'company.notFound',
  companyPending: 'company.pending',
  companyNotActivate: 'company.notActivate',
  companyAndUserRoleMismatch: 'company.roleMismatch',
  /** Set by the server when a Google or LinkedIn sign-in fails before it reaches us. */
  ssoError: 'sso.decodeFailed',
} as const;

export type LoginFlag = keyof typeof LOGIN_FLAGS;

export const isLoginFlag = (name: string | undefined): name is LoginFlag => !!name && Object.hasOwn(LOGIN_FLAGS, name);

/**
 * What a page says when its session ended on the server (the portal's and the console's session watch): the refused
 * sign-in's words when the server named a flag, an error; otherwise that the session ended, for information.
 */
export const sessionEndedNotice = (flag: string | undefined): { text: string; severity: 'error' | 'info' } =>
  isLoginFlag(flag)
    ? { text: t(LOGIN_FLAGS[flag]), severity: 'error' }
    : { text: t('portal.session.ended'), severity: 'info' };
