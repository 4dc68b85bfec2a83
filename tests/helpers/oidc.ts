/**
 * A real OpenID Connect provider on loopback (the `oidc-provider` package) standing in for Google
 * or LinkedIn, and a browser-like driver of its sign-in pages: cookies kept, redirects followed,
 * the dev login and consent forms submitted, until the provider sends the browser back to us.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';
import { atFileEnd } from './fileEnd';
import { testApp, type TestApp } from './app';

export interface PersonClaims {
  email: string;
  email_verified: boolean;
  given_name?: string;
  family_name?: string;
}

export interface OidcStandIn {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Accounts the provider knows, by login name; add more at any time. */
  accounts: Record<string, PersonClaims>;
  /** Authorization requests seen, to check what our side asked for. */
  authorizationRequests: URLSearchParams[];
  close(): Promise<void>;
}

export interface StandInOptions {
  /** The redirect URI registered for our client, e.g. `${publicUrl}/api/v1/auth/google/callback`. */
  redirectUri: string;
  /** LinkedIn's quirks: PKCE and nonce are refused. */
  refusePkce?: boolean;
}

export async function startOidcProvider(options: StandInOptions): Promise<OidcStandIn> {
  let handler: http.RequestListener = (_req, res) => res.end();
  const server = http.createServer((req, res) => handler(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const accounts: Record<string, PersonClaims> = {};
  const authorizationRequests: URLSearchParams[] = [];
  const clientId = `client-${Math.random().toString(36).slice(2)}`;
  const clientSecret = `secret-${Math.random().toString(36).slice(2)}-${Math.random().toString(36).slice(2)}`;

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [options.redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['given_name', 'family_name'] },
    cookies: { keys: ['oidc-stand-in-cookie-key'] },
    features: { devInteractions: { enabled: true } },
    pkce: { required: () => false },
    // Explicit lifetimes keep the provider from noting each default it falls back to.
    ttl: { Interaction: 600, Session: 3600, Grant: 3600, AccessToken: 600, IdToken: 600, AuthorizationCode: 60 },
    findAccount: async (_ctx, id) =>
      accounts[id] ? { accountId: id, claims: async () => ({ sub: id, ...accounts[id] }) } : undefined,
  });
  provider.use(async (ctx, next) => {
    if (ctx.path === '/auth') {
      const params = new URLSearchParams(ctx.querystring);
      authorizationRequests.push(params);
      if (options.refusePkce && (params.has('code_challenge') || params.has('nonce'))) {
        ctx.status = 400;
        ctx.body = { error: 'invalid_request', error_description: 'PKCE and nonce are not supported' };
        return;
      }
    }
    await next();
  });
  handler = provider.callback();

  const close = async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  };
  atFileEnd(close);
  return { issuer, clientId, clientSecret, accounts, authorizationRequests, close };
}

/**
 * Follows the provider's pages as a browser would, signing in as `login` and consenting, and
 * returns the URL the provider finally redirects to (our callback), whatever its host.
 */
export async function signInAtProvider(authorizeUrl: string, login: string, stopAt: string): Promise<URL> {
  const jar = new Map<string, string>();
  const cookieHeader = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  const keep = (res: Response) => {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair.indexOf('=');
      jar.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
    }
  };
  let url = new URL(authorizeUrl);
  let init: RequestInit = {};
  for (let step = 0; step < 20; step += 1) {
    const res = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: { ...(init.headers ?? {}), cookie: cookieHeader() },
    });
    keep(res);
    init = {};
    const location = res.headers.get('location');
    if (res.status >= 300 && res.status < 400 && location) {
      const next = new URL(location, url);
      if (next.href.startsWith(stopAt)) return next;
      url = next;
      continue;
    }
    const body = await res.text();
    if (res.status !== 200) throw new Error(`provider answered ${res.status} at ${url.pathname}: ${body}`);
    const action = /action="([^"]+)"/.exec(body)?.[1];
    const prompt = /name="prompt" value="(login|consent)"/.exec(body)?.[1];
    if (!action || !prompt) throw new Error(`unexpected provider page at ${url.pathname}`);
    const form = new URLSearchParams(prompt === 'login' ? { prompt, login, password: 'any' } : { prompt });
    url = new URL(action.replace(/&amp;/g, '&'), url);
    init = { method: 'POST', body: form.toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } };
  }
  throw new Error('the provider never redirected back');
}

/** The app with Google and LinkedIn (which refuses PKCE, as the real one does) pointed at stand-ins, both calling back to `publicUrl`. */
export async function socialApp(
  publicUrl: string,
): Promise<{ t: TestApp; google: OidcStandIn; linkedin: OidcStandIn }> {
  const callback = (provider: string) => `${publicUrl}/api/v1/auth/${provider}/callback`;
  const google = await startOidcProvider({ redirectUri: callback('google') });
  const linkedin = await startOidcProvider({ redirectUri: callback('linkedin'), refusePkce: true });
  const client = (s: OidcStandIn) => ({ issuer: s.issuer, clientId: s.clientId, clientSecret: s.clientSecret });
  const t = await testApp({ publicUrl, google: client(google), linkedin: client(linkedin) });
  return { t, google, linkedin };
}
