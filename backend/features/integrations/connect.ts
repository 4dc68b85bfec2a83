/**
 * What connecting an ATS with credentials checks before anything is stored: the credentials a form
 * sent, field by field, and the vendor's own verdict on them (`verified`). Where the vendor acts as
 * one of its users (Workable's member, Lever's user), the person connecting is that user, found by
 * their email: Workable without a member of that email refuses the connection on the credentials'
 * field, naming the email, so no move is ever made in another member's name.
 * Each check with the vendor counts against the person's and the company's credential checks
 * (ATS_CREDENTIAL_CHECKS_PER_WINDOW each per rate-limit window; `checkedWithVendor`): a failed try stores nothing
 * and its answer tells a wrong key from a right one, so tries beyond them are 429 before the vendor is called.
 * A refusal by the vendor is answered as what it is (vendorRefusal.ts, read as the sync reads it): credentials
 * invalid, a permission missing (named when the vendor names it), a rate limit (try again in N seconds), the vendor down.
 */
import type { Knex } from 'knex';
import { t } from '../../../i18n';
import { atsKind } from '../../../schema/rules/ats';
import { actorKey, actorRefs, type Actor } from '../../../schema/roles';
import { AtsError, AtsNoActingUser, providerFor } from '../../adapters/ats';
import { enforceRateLimits } from '../../auth/rateLimit';
import type { Config } from '../../config';
import type { AppContext } from '../../context';
import { AppError, badRequest } from '../../errors';
import { connectRefusal } from './vendorRefusal';

/** The email of the company user connecting (a RaaS company's too), the one the vendor's user to act as is matched by. */
export async function connectingEmail(knex: Knex, actor: Actor): Promise<string | null> {
  const { userId } = actorRefs(actor);
  if (userId === null) return null;
  const user = await knex('company_users').where('id', userId).first('email');
  return user?.email ?? null;
}

/**
 * Checks credentials with the vendor before anything is stored, as `actingAs` (the person
 * connecting); a vendor account with no user of that email to act as is a 400 on `field` naming the
 * email, and any other refusal is told for what it is (vendorRefusal.ts): credentials refused (the
 * spec's "API key invalid" on `field`), a permission they lack, the vendor's rate limit (429, when
 * to try again) or the vendor not answering (502).
 */
export async function verified(
  config: Config,
  kind: string,
  credentials: Record<string, unknown>,
  field: string,
  actingAs?: { email?: string | null },
) {
  try {
    return await providerFor(config.ats, kind, credentials, {}).verify(actingAs);
  } catch (err) {
    if (err instanceof AtsNoActingUser)
      throw new AppError(
        400,
        'integrations.noAtsMember',
        t('integrations.noAtsMember', { ats: atsKind(kind)?.label ?? kind, email: err.email }),
        { [field]: `${field}.errors.noMember` },
        { email: err.email },
      );
    if (err instanceof AtsError) throw connectRefusal(err, kind, field);
    throw err;
  }
}

/**
 * `verified` for `actor` of `companyId`, acting as them, once the check is counted against the person's and the
 * company's credential checks (429 errors.tooManyRequests beyond either, before the vendor is called).
 */
export async function checkedWithVendor(
  ctx: Pick<AppContext, 'knex' | 'config'>,
  actor: Actor,
  companyId: number,
  check: { kind: string; credentials: Record<string, unknown>; field: string },
) {
  const { knex, config } = ctx;
  const max = config.ats.credentialChecksPerWindow;
  await enforceRateLimits(knex, config.rateLimit.windowMinutes, [
    { key: `ats-credential-checks:${actorKey(actor)}`, max },
    { key: `ats-credential-checks-company:${companyId}`, max },
  ]);
  return verified(config, check.kind, check.credentials, check.field, { email: await connectingEmail(knex, actor) });
}

/** An API-key connection's credentials from its input, or a 400 naming the fields missing or malformed. */
export function apiKeyCredentials(
  kind: string,
  apiKey?: string | null,
  subdomain?: string | null,
): Record<string, unknown> {
  const missing = {
    ...(apiKey ? {} : { apiKey: 'apiKey.errors.required' }),
    ...(kind === 'workable' && !subdomain ? { subdomain: 'subdomain.errors.required' } : {}),
  };
  if (Object.keys(missing).length) throw badRequest(missing, 'integrations.invalidInput');
  if (subdomain && !/^[a-z0-9][a-z0-9-]{0,62}$/i.test(subdomain))
    throw badRequest({ subdomain: 'subdomain.errors.invalid' }, 'integrations.invalidInput');
  return kind === 'workable' ? { subdomain: subdomain!.toLowerCase(), token: apiKey } : { apiKey };
}

/** Greenhouse's OAuth client credentials from their input, or a 400 naming the fields missing. */
export function clientCredentials(clientId?: string | null, clientSecret?: string | null): Record<string, unknown> {
  const missing = {
    ...(clientId ? {} : { clientId: 'clientId.errors.required' }),
    ...(clientSecret ? {} : { clientSecret: 'clientSecret.errors.required' }),
  };
  if (Object.keys(missing).length) throw badRequest(missing, 'integrations.invalidInput');
  return { clientId, clientSecret };
}
