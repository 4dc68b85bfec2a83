/** Company self sign-up, invitation sign-up and community sign-up calls. */
import { api } from '../../ui/api/client';
import type { LoginResponse } from './auth';

export interface SignupYou {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  jobTitle: string;
  agreeTerms: boolean;
}

export interface SignupCompany {
  companyName: string;
  legalEntityName: string;
  companyRegistrationNumber: string;
  address: string;
  countries: string[];
  validDomains: string[];
  companySource: number | null;
  companySourceOther: string;
}

export interface SignupInvite {
  email: string;
  role: 1 | 2;
}

export interface InviteCheck {
  email: string;
  companyName: string;
  role: number;
  /** The invitee's names, when the inviter typed them. */
  firstName?: string;
  lastName?: string;
}

export const signupApi = {
  /** Sending the token again (coming back to step 1) keeps the draft and what step 2 saved. */
  step1: (you: SignupYou, signupToken?: string) =>
    api<{ signupToken: string; emailConfirmed: boolean }>('auth/company/self/signup/step-1', {
      method: 'POST',
      body: signupToken ? { ...you, signupToken } : you,
    }),
  /** The 6-digit code step 1 emailed: step 2 opens once it is confirmed. */
  confirmEmail: (signupToken: string, code: string) =>
    api<{ signupToken: string; emailConfirmed: boolean }>('auth/company/self/signup/confirm-email', {
      method: 'POST',
      body: { signupToken, code },
    }),
  resendCode: (signupToken: string) =>
    api<{ success: boolean }>('auth/company/self/signup/resend-code', { method: 'POST', body: { signupToken } }),
  step2: (signupToken: string, company: SignupCompany) => {
    const { companySourceOther, ...rest } = company;
    const body = { signupToken, ...rest, ...(company.companySource === 8 ? { companySourceOther } : {}) };
    return api<{ signupToken: string }>('auth/company/self/signup/step-2', { method: 'POST', body });
  },
  step3: (signupToken: string, invites: SignupInvite[]) =>
    api<{ success: boolean }>('auth/company/self/signup/step-3', { method: 'POST', body: { signupToken, invites } }),
  checkInvite: (cist: string) => api<InviteCheck>('auth-company/invite-signup/check', { query: { cist } }),
  completeInvite: (body: {
    cist: string;
    firstName: string;
    lastName: string;
    email: string;
    phone: string;
    jobTitle: string;
  }) => api<LoginResponse>('auth-company/invite-signup/complete', { method: 'PUT', body }),
  communityEmail: (body: { firstName: string; lastName: string; email: string; agreeTerms: boolean }) =>
    api<{ success: boolean; message?: string }>('auth/community/traditional-email/signup', { method: 'POST', body }),
  communityMagicLink: (email: string, agreeTerms: boolean) =>
    api<{ success: boolean; message?: string }>('auth/community/magic-link/signup', {
      method: 'POST',
      body: { email, agreeTerms },
    }),
  /** `agreeTerms`: the terms box the page asked for before the Google or LinkedIn round trip. */
  communitySocial: (gnbsl: string, agreeTerms: boolean) =>
    api<{ success: boolean; redirectUrl?: string }>('auth/community/social/signup', {
      method: 'POST',
      body: { gnbsl, agreeTerms },
    }),
};
