/**
 * Sign-in with Lever (spec section 9: `GET lever/sign-in`): a company Owner or Admin asks for the
 * sign-in URL, whose `state` is signed with APP_SECRET and names their company, themselves, the
 * environment and (by a keyed hash) the session that asked, for ten minutes; Lever sends the
 * browser back to the callback, which checks that state, that it comes back in that same session
 * and that the person still manages the company, spends the state (it is taken once), exchanges
 * the code through openid-client, learns the user to act as (the active Lever user with the signing-in
 * person's email, on whichever page of Lever's users), and stores the tokens sealed, then
 * returns to /integrations with the outcome. A person Lever has no active user for connects nothing
 * (`lever=noMember`: the page tells them so), the product never acting in another user's name. A callback opened in another session or none (a
 * link forwarded to someone else, a sign-in started by an attacker), a second use of a state, or
 * a forged one stores nothing.
 */
import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import { z } from 'zod';
import { ATS_ENVIRONMENTS, INTEGRATION_STATUS, RUN_TRIGGER } from '../../../schema/rules/ats';
import { oneOf } from '../../../schema/validation/inputs';
import { AtsError, AtsNoActingUser, providerFor } from '../../adapters/ats';
import { leverExchange, leverSignInUrl } from '../../adapters/ats/leverAuth';
import { enforceRateLimits } from '../../auth/rateLimit';
import { hmac, sameHash } from '../../auth/tokens';
import type { Config } from '../../config';
import type { AppContext } from '../../context';
import { defineEndpoint } from '../../endpoints/define';
import { AppError, badRequest, forbidden } from '../../errors';
import { logger } from '../../logger';
import { MANAGING_SUB_ROLES, type Actor } from '../../../schema/roles';
import { saveIntegration } from './endpoints';
import { queueSync, sealCredentials } from './store';

const STATE_TTL_MINUTES = 10;
const STATE_TTL_MS = STATE_TTL_MINUTES * 60 * 1000;
const ENVIRONMENTS = Object.values(ATS_ENVIRONMENTS);

interface SignInState {
  /** The company, the user and the environment of the integration. */
  c: number;
  u: number;
  e: number;
  /** Expiry (ms) and a random nonce, the key the state is spent under. */
  x: number;
  n: string;
  /** The session that started the sign-in, as a keyed hash (its id never travels to Lever). */
  s: string;
}

const sessionTag = (config: Config, sessionId: number) => hmac(config.secret, `lever-session:${sessionId}`);

/**
 * Spends the state: each is taken once within its lifetime, counted as a limit of one use per
 * nonce on the shared rate-limit table (rows outlive the state, so a replay is always refused).
 */
async function spend(knex: Knex, state: SignInState): Promise<boolean> {
  try {
    await enforceRateLimits(knex, STATE_TTL_MINUTES, [{ key: `lever-state:${state.n}`, max: 1 }]);
    return true;
  } catch (err) {
    if (err instanceof AppError && err.status === 429) return false;
    throw err;
  }
}

const callbackUrl = (config: Config) => `${config.publicUrl}/api/v1/integrations/lever/callback`;

export function signState(config: Config, state: SignInState): string {
  const body = Buffer.from(JSON.stringify(state)).toString('base64url');
  return `${body}.${hmac(config.secret, `lever:${body}`)}`;
}

function readState(config: Config, raw: string): SignInState | undefined {
  const [body, mac] = raw.split('.');
  if (!body || !mac || !sameHash(mac, hmac(config.secret, `lever:${body}`))) return undefined;
  try {
    const state = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as SignInState;
    return state.x > Date.now() ? state : undefined;
  } catch {
    return undefined;
  }
}

/**
 * What Lever's return after sign-in comes to: the same browser's session and person that asked, a
 * state spent once, a company Owner or Admin still in place, then tokens exchanged and the integration
 * connected (or mended when it was there already) and synced. A person who is no active Lever user is
 * 'noMember'; any other failure is 'failed', never a reason.
 */
export async function leverSignedIn(
  ctx: Pick<AppContext, 'knex' | 'config'>,
  actor: Actor,
  sessionId: number | undefined,
  query: { code?: string; state?: string; error?: string },
): Promise<'connected' | 'failed' | 'noMember'> {
  const { config, knex } = ctx;
  const state = query.state ? readState(config, query.state) : undefined;
  if (!state || !query.code || query.error) return 'failed';
  // The browser that comes back must be the one that asked: the same session, the same person.
  if (
    sessionId === undefined ||
    typeof state.s !== 'string' ||
    !sameHash(state.s, sessionTag(config, sessionId)) ||
    actor.id !== state.u ||
    actor.companyId !== state.c
  )
    return 'failed';
  if (!(await spend(knex, state))) return 'failed';
  const user = await knex('company_users')
    .where({ id: state.u, company_id: state.c, status: 1 })
    .whereIn('role', MANAGING_SUB_ROLES)
    .first('id', 'email');
  if (!user) return 'failed';
  try {
    const url = new URL(callbackUrl(config));
    url.searchParams.set('code', query.code);
    url.searchParams.set('state', query.state!);
    const tokens = await leverExchange(config.ats, url, query.state!);
    const found = await providerFor(config.ats, 'lever', { ...tokens }, {}).verify({ email: user.email });
    const existing = await knex('integrations').where({ company_id: state.c, kind: 'lever' }).first('id');
    if (existing) {
      // Signing in again mends an integration whose tokens stopped working.
      await knex('integrations')
        .where('id', existing.id)
        .update({
          credentials: sealCredentials(config, { ...tokens }),
          credentials_version: knex.raw('credentials_version + 1'),
          settings: JSON.stringify(found.settings ?? {}),
          account: found.account ?? null,
          status: INTEGRATION_STATUS.connected,
          updated_at: new Date(),
        });
      await queueSync(knex, existing.id, RUN_TRIGGER.manual);
    } else
      await saveIntegration(
        { actor: { role: 'company', id: state.u, companyId: state.c }, ctx },
        {
          kind: 'lever',
          environment: state.e,
          account: found.account,
          credentials: { ...tokens },
          settings: found.settings,
        },
      );
    return 'connected';
  } catch (err) {
    if (err instanceof AtsNoActingUser) return 'noMember';
    if (!(err instanceof AtsError) && !(err instanceof AppError)) logger.error({ err }, 'lever sign-in failed');
    return 'failed';
  }
}

export const leverEndpoints = [
  defineEndpoint({
    method: 'get',
    path: '/integrations/lever/sign-in',
    summary: 'The URL that signs the company in with Lever',
    access: { action: 'create', subject: 'Integration' },
    input: { query: z.object({ environment: oneOf(ENVIRONMENTS).optional() }) },
    handler: async (call) => {
      const { config } = call.ctx;
      if (!config.ats.lever.clientId || !config.ats.lever.clientSecret)
        throw new AppError(409, 'integrations.leverNotConfigured');
      if (call.actor.companyId === undefined || call.actor.id === undefined || call.req.sessionId === undefined)
        throw forbidden('integrations.noPermission');
      if (
        await call.ctx
          .knex('integrations')
          .where({ company_id: call.actor.companyId, kind: 'lever', status: INTEGRATION_STATUS.connected })
          .first('id')
      )
        throw badRequest({ kind: 'kind.errors.exists' }, 'integrations.alreadyAdded');
      const state = signState(config, {
        c: call.actor.companyId,
        u: call.actor.id,
        e: call.query.environment ?? ATS_ENVIRONMENTS.production,
        x: Date.now() + STATE_TTL_MS,
        n: randomBytes(12).toString('base64url'),
        s: sessionTag(config, call.req.sessionId),
      });
      return { url: leverSignInUrl(config.ats, callbackUrl(config), state) };
    },
  }),

  defineEndpoint({
    method: 'get',
    path: '/integrations/lever/callback',
    summary: 'Where Lever returns after sign-in',
    access: 'public',
    input: {
      query: z.object({
        code: z.string().max(2000).optional(),
        state: z.string().max(2000).optional(),
        error: z.string().max(200).optional(),
      }),
    },
    raw: true,
    handler: async (call) => {
      const outcome = await leverSignedIn(call.ctx, call.actor, call.req.sessionId, call.query);
      call.res.redirect(303, `${call.ctx.config.publicUrl}/integrations?lever=${outcome}`);
    },
  }),
];
