/**
 * Lever's OAuth 2 authorization code flow through openid-client, from a hand-made Configuration
 * (Lever publishes no discovery document): the sign-in URL with `audience`, the admin scopes the
 * sync needs and `offline_access` for a refresh token; the code exchange; and the refresh of the
 * one-hour access token. Any refusal by the token endpoint is an AtsError 'auth'.
 */
import * as oidc from 'openid-client';
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
    throw new AtsError('auth', (err as Error).message?.slice(0, 200) ?? 'Lever refused the refresh token');
  }
}
