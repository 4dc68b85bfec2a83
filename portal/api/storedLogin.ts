/**
 * The Bearer token of the current login, kept in localStorage beside the httpOnly cookie the
 * server sets. An expired token is treated as no login (spec section 4).
 */
const KEY = 'talentbase.login';

export interface StoredLogin {
  accessToken: string;
  expiresAt: string;
}

export function readStoredLogin(now = Date.now()): StoredLogin | undefined {
  try {
    const raw = localStorage.getItem(KEY);
    if (!raw) return undefined;
    const parsed = JSON.parse(raw) as Partial<StoredLogin>;
    if (typeof parsed.accessToken !== 'string' || typeof parsed.expiresAt !== 'string') return undefined;
    if (!(Date.parse(parsed.expiresAt) > now)) {
      localStorage.removeItem(KEY);
      return undefined;
    }
    return parsed as StoredLogin;
  } catch {
    return undefined;
  }
}

export function storeLogin(login: StoredLogin): void {
  localStorage.setItem(KEY, JSON.stringify({ accessToken: login.accessToken, expiresAt: login.expiresAt }));
}

export function clearStoredLogin(): void {
  localStorage.removeItem(KEY);
}
