/**
 * Completing a community sign-up once its link is opened (the address is then proven): the account
 * is created with its welcome email, and community users go to the community site (COMMUNITY_URL)
 * or the product's own welcome page. The sign-up forms are in backend/features/community.
 */
import type { Knex } from 'knex';
import { entity } from '../../schema';
import type { Config } from '../config';
import { modelFor } from '../db/models';
import { communityWelcomeEmail } from '../services/mail/accountEmails';
import { queueEmail } from '../services/mail/outbox';
import { findAccount, type Account } from './accounts';
import type { PendingSignup } from './magicLink';

const communityUser = entity('communityUser');

/** Where a community user goes after joining: the community site, or our welcome page without one. */
export const communityDestination = (config: Config) => config.communityUrl || '/community/welcome';

/** Creates the community user a proven address asked for; the welcome email is queued with it. */
export async function completeCommunitySignup(
  trx: Knex.Transaction,
  config: Config,
  address: string,
  signup: PendingSignup,
): Promise<Account | undefined> {
  const created = (await modelFor(communityUser)
    .query(trx)
    .insert({
      email: address,
      firstName: signup.firstName ?? null,
      lastName: signup.lastName ?? null,
      status: 1,
      signupMethod: signup.method,
      emailConfirmedAt: new Date().toISOString(),
      termsAcceptedAt: signup.termsAcceptedAt ?? null,
    } as never)) as unknown as { id: number };
  await queueEmail(trx, { to: address, ...communityWelcomeEmail(config, signup.firstName ?? null) });
  return findAccount(trx, { kind: 'community', id: created.id });
}
