/**
 * Company sign-up (spec section 2): the three-step self sign-up, sign-up by invitation, and an
 * admin's approval of a pending company (approval.ts). Exposes its endpoints and, for team
 * management, invitations (invitations.ts), the company-status change and the domain rule.
 */
export { signupEndpoints } from './endpoints';
export { inviteSignupEndpoints } from './inviteEndpoints';
export { companyStatusChange } from './approval';
export { createInvitation, inTeam, sendInvitation, type InvitationRow } from './invitations';
export { domainOf } from './validation';
