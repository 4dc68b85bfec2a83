/** The auth calls of the accounts API (spec section 7, "Auth"). */
import { api } from '../../ui/api/client';

export interface LoginUser {
  _id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  /** 1 admin, 2 company, 3 candidate, 4 RaaS company, 5 community. */
  userRole: number;
  /** Company: 0 owner, 1 admin, 2 member. Admin: 1 general, 2 advocate. */
  subUserRole: number | null;
  flowStep: number | null;
  companyName: string | null;
  company: { id: string; logo: string | null; companyType: number } | null;
  profilePic: string | null;
  adminId: string | null;
  isWatchedInfoVideo: boolean;
  lastScheduleData: unknown;
}

export interface LoginResponse {
  accessToken?: string;
  expiresAt?: string;
  user: LoginUser;
  status: number;
  authorizedModules: (number | string)[];
  redirectUrl?: string;
  /** A company user's first sign-in ever: the landing page welcomes them, once. */
  firstSignIn?: boolean;
}

export interface SessionCheck {
  user: LoginUser;
  status: number;
  authorizedModules: (number | string)[];
  isLoggedIn: boolean;
}

export interface Providers {
  google: boolean;
  linkedin: boolean;
}

export const authApi = {
  checkUser: () => api<SessionCheck>('auth/check/user'),
  providers: () => api<Providers>('auth/providers'),
  sendEmailOtp: (email: string) =>
    api<{ success: boolean; message: string }>('auth/send-email-otp', { method: 'POST', body: { email } }),
  loginByEmailOtp: (email: string, otp: string) =>
    api<LoginResponse>('auth/login-by-email-otp', { method: 'POST', body: { email, otp } }),
  sendMagicLink: (email: string, redirectUrl?: string) =>
    api<{ success: boolean; message?: string }>('auth/send-magic-link', {
      method: 'POST',
      body: redirectUrl ? { email, redirectUrl } : { email },
    }),
  /** `confirm`: the person opening a link this browser did not ask for says it is theirs (else 409 magicLink.confirm). */
  loginByMagicLink: (token: string, confirm = false) =>
    api<LoginResponse>('auth/login-by-magic-link', {
      method: 'POST',
      body: confirm ? { token, confirm: true } : { token },
    }),
  socialLogin: (gnbsl: string) => api<LoginResponse>('auth/get/profile/via/social/login', { query: { gnbsl } }),
  socialName: (provider: SocialProvider, gnbsl: string) =>
    api<{ firstName?: string; lastName?: string; email?: string }>(
      provider === 'google' ? 'auth/name/via/google' : 'auth/name/via/linked-in',
      {
        query: { gnbsl },
      },
    ),
  logout: () => api<unknown>('auth/logout', { method: 'POST' }),
  confirmEmail: (code: string) =>
    api<{ success?: boolean; message?: string }>('auth/confirm-email', { method: 'POST', body: { code } }),
};

export type SocialProvider = 'google' | 'linkedin';

/** Full-page addresses of the provider flows (the server redirects on to the provider). */
export const socialUrls = {
  signin: (p: SocialProvider) => `/api/v1/auth/${p}/signin`,
  signupCompany: (p: SocialProvider) => `/api/v1/auth/${p}/signup/company`,
  signupCommunity: (p: SocialProvider) => `/api/v1/auth/${p}/signup/community`,
};
