/**
 * openid-client's passport strategy for providers that refuse PKCE. LinkedIn's web flow answers a
 * `code_verifier` with 401 invalid_client and its ID tokens carry no nonce, so the round trip is
 * protected by `state` alone. The base strategy always adds PKCE and calls its own prototype
 * methods from `authenticate`, so `authenticate` is what this subclass replaces.
 */
import type { Request } from 'express';
import type passport from 'passport';
import * as client from 'openid-client';
import { Strategy, type AuthenticateOptions, type VerifyFunction } from 'openid-client/passport';

export interface StateOnlyOptions {
  config: client.Configuration;
  name: string;
  callbackURL: string;
  scope: string;
  sessionKey: string;
}

type Created = passport.StrategyCreated<StateOnlyStrategy, StateOnlyStrategy & passport.StrategyCreatedStatic>;

export class StateOnlyStrategy extends Strategy {
  // Plain properties, not #private: passport runs authenticate on an Object.create() of the instance.
  readonly stateConfig: client.Configuration;
  readonly stateCallbackURL: string;
  readonly stateScope: string;
  readonly stateSessionKey: string;
  readonly stateVerify: VerifyFunction;

  constructor(options: StateOnlyOptions, verify: VerifyFunction) {
    super(options, verify);
    this.stateConfig = options.config;
    this.stateCallbackURL = options.callbackURL;
    this.stateScope = options.scope;
    this.stateSessionKey = options.sessionKey;
    this.stateVerify = verify;
  }

  override authenticate<TOptions extends AuthenticateOptions>(this: Created, req: Request, options: TOptions): void {
    const session = (req as Request & { session?: Record<string, unknown> }).session;
    if (!session) return this.error(new Error('The sign-in round trip needs a session to keep its state'));
    const currentUrl = this.currentUrl(req);
    if (this.shouldInitiateAuthRequest(req, currentUrl, options)) {
      const state = client.randomState();
      session[this.stateSessionKey] = { state };
      const url = client.buildAuthorizationUrl(this.stateConfig, {
        redirect_uri: this.stateCallbackURL,
        scope: this.stateScope,
        state,
      });
      return this.redirect(url.href);
    }
    void this.finishStateOnly(session, currentUrl);
  }

  async finishStateOnly(this: Created, session: Record<string, unknown>, currentUrl: URL): Promise<void> {
    const stored = session[this.stateSessionKey] as { state?: string } | undefined;
    delete session[this.stateSessionKey];
    if (!stored?.state) return this.fail({ message: 'Unable to verify authorization request state' });
    const callback = new URL(this.stateCallbackURL);
    for (const [key, value] of currentUrl.searchParams.entries()) callback.searchParams.append(key, value);
    try {
      const tokens = await client.authorizationCodeGrant(this.stateConfig, callback, {
        expectedState: stored.state,
        idTokenExpected: true,
      });
      this.stateVerify(tokens, (err, user, info) => {
        if (err) return this.error(err as Error);
        if (!user) return this.fail(info);
        return this.success(user);
      });
    } catch (err) {
      if (err instanceof client.AuthorizationResponseError && err.error === 'access_denied')
        return this.fail({ message: err.error_description || err.error });
      this.error(err as Error);
    }
  }
}
