/**
 * Lever's OAuth 2 authorization code flow through openid-client, from a hand-made Configuration
 * (Lever publishes no discovery document): the sign-in URL with `audience`, the admin scopes the
 * sync needs (`LEVER_SCOPES`, one per resource the adapter calls: a scope added later is granted only
 * by signing in again, lever.ts tells a 403 for it) and `offline_access` for a refresh token; the code exchange; and the refresh of the
 * one-hour access token. A refusal by the token endpoint is an AtsError 'auth'; a refresh the endpoint could not answer is
 * 'unavailable' (or 'rateLimited'), tried again later.
 */
import * as oidc from 'openid-client';
import { t } from '../../../i18n';
import type { AtsConfig } from './config';
import { AtsError } from './types';

export interface LeverTokens {
  accessToken: string;
  refreshToken?: string;
  /** Milliseconds since the epoch. */
  expiresAt: number;
}

export const LEVER_SCOPES = [
  'offline_access',
  'postings:read:admin',
  'opportunities:read:admin',
  'opportunities:write:admin',
  // A person pushed before is read as their contact (`GET /contacts/:id`, lever.ts).
  'contact:read:admin',
  'stages:read:admin',
  'archive_reasons:read:admin',
  'users:read:admin',
];
export const LEVER_AUDIENCE = 'https://api.lever.co/v1/';

function configuration(config: AtsConfig): oidc.Configuration {
  const { authUrl, clientId, clientSecret } = config.lever;
  if (!clientId || !clientSecret) throw new AtsError('auth', 'Lever is not configured');
  const server: oidc.ServerMetadata = {
    issuer: authUrl,
    authorization_endpoint: `${authUrl}/authorize`,
    token_endpoint: `${authUrl}/oauth/token`,
  };
  const result = new oidc.Configuration(server, clientId, clientSecret);
  // Loopback stand-ins speak plain http; real Lever is https only.
  if (/^http:\/\/(127\.0\.0\.1|localhost)(:|\/)/.test(authUrl)) oidc.allowInsecureRequests(result);
  return result;
}

const tokensOf = (answer: oidc.TokenEndpointResponse, previousRefresh?: string): LeverTokens => ({
  accessToken: answer.access_token,
  refreshToken: answer.refresh_token ?? previousRefresh,
  expiresAt: Date.now() + (answer.expires_in ?? 3600) * 1000,
});

export function leverSignInUrl(config: AtsConfig, redirectUri: string, state: string): string {
  return oidc
    .buildAuthorizationUrl(configuration(config), {
      redirect_uri: redirectUri,
      response_type: 'code',
      scope: LEVER_SCOPES.join(' '),
      state,
      audience: LEVER_AUDIENCE,
      prompt: 'consent',
    })
    .toString();
}

export async function leverExchange(config: AtsConfig, callbackUrl: URL, expectedState: string): Promise<LeverTokens> {
  try {
    return tokensOf(await oidc.authorizationCodeGrant(configuration(config), callbackUrl, { expectedState }));
  } catch (err) {
    if (err instanceof AtsError) throw err;
    throw new AtsError('auth', (err as Error).message?.slice(0, 200) ?? 'Lever sign-in failed');
  }
}

export async function leverRefresh(config: AtsConfig, refreshToken: string | undefined): Promise<LeverTokens> {
  if (!refreshToken) throw new AtsError('auth', 'Lever gave no refresh token');
  try {
    return tokensOf(await oidc.refreshTokenGrant(configuration(config), refreshToken), refreshToken);
  } catch (err) {
    if (err instanceof AtsError) throw err;
    throw refreshFailure(err);
  }
}

/**
 * Only Lever's refusal of the refresh token (an OAuth error answer, 4xx) means signing in again; an unreachable or
 * failing token endpoint (a network error, 5xx, a body that is not OAuth's) or its rate limit is for a later try, not
 * a reason to mark the integration as needing sign-in and email the admins.
 */
function refreshFailure(err: unknown): AtsError {
  const message = (err as Error).message?.slice(0, 200) || 'Lever did not answer the refresh';
  if (!(err instanceof oidc.ResponseBodyError)) return new AtsError('unavailable', message);
  if (err.status === 429) return new AtsError('rateLimited', message, 429);
  if (err.status >= 400 && err.status < 500) return new AtsError('auth', message, err.status);
  return new AtsError('unavailable', message, err.status);
}

/** The scope each call needs (LEVER_SCOPES), by its resource and method: what a 403 with no scope named lacks. */
function scopeOf(method: string, path: string): string {
  const resource = /^\/([a-z_]+)/.exec(path)?.[1] ?? '';
  if (resource === 'contacts') return 'contact:read:admin';
  if (resource === 'opportunities') return `opportunities:${method === 'GET' ? 'read' : 'write'}:admin`;
  return `${resource}:read:admin`;
}

/**
 * A 403 from Lever's API: the tokens lack the scope the call needs (Lever grants the scopes asked for at
 * sign-in, so one the product added later is granted only by signing in again), told as a permission missing
 * that names it; the scope Lever names, else the call's. Any other error as it was.
 */
export function scopeMissing(err: unknown, method: string, path: string): unknown {
  if (!(err instanceof AtsError && err.code === 'auth' && err.status === 403)) return err;
  const scope = /\b[a-z_]+:(read|write):admin\b/.exec(err.message)?.[0] ?? scopeOf(method, path);
  return new AtsError('auth', t('integrations.leverScopeMissing', { scope }), 403);
}
