/**
 * Login refusals as query flags on the login page (spec section 2): `/auth/login?companyPending=true`
 * shows one error toast per flag. The API names the flag in its error envelope too; every flag the
 * server redirects to the login page with (REFUSAL_FLAGS in backend/auth/accounts.ts, and ssoError) is here.
 */
import { isLoginFlag, LOGIN_FLAGS, type LoginFlag } from '../../ui/auth/loginFlags';

export { isLoginFlag, LOGIN_FLAGS, type LoginFlag };

/** Message keys of the flags set in a query string, in the order given. */
export function flagMessages(search: string): string[] {
  const params = new URLSearchParams(search);
  const keys: string[] = [];
  for (const [name, value] of params) {
    if (isLoginFlag(name) && value !== 'false' && value !== '0') keys.push(LOGIN_FLAGS[name]);
  }
  return keys;
}

/** The query string without the flags, once their toasts are shown. */
export function withoutFlags(search: string): string {
  const params = new URLSearchParams(search);
  for (const name of Object.keys(LOGIN_FLAGS)) params.delete(name);
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}

export const loginFlagPath = (flag: LoginFlag) => `/auth/login?${flag}=true`;
