/**
 * The company sign-up in progress, kept in sessionStorage so the three steps survive reloads and
 * going back. Each step remembers the values it sent and the signupToken it got, so an unchanged
 * step is not sent twice; a changed earlier step makes the later ones send again. When the server
 * no longer knows the sign-up (signup.invalid: its draft expired), the tokens go and the values stay.
 */
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { ApiError } from '../../../ui/api/client';
import type { SignupCompany, SignupYou } from '../../api/signup';
import { PATHS } from '../../app/paths';

const KEY = 'talentbase.companySignup';

export interface InviteRow {
  email: string;
  role: 1 | 2;
}

interface Sent {
  token: string;
  /** The JSON of the values that produced the token. */
  values: string;
}

export interface SignupDraft {
  you: SignupYou;
  company: SignupCompany;
  invites: InviteRow[];
  step1?: Sent;
  /** Step 1's address was confirmed with the emailed code: step 2 may open. */
  emailConfirmed?: boolean;
  step2?: Sent;
  /** The server dropped the sign-up (it timed out): step 1 says so until it is sent again. */
  expired?: boolean;
}

export const emptyDraft = (): SignupDraft => ({
  you: { firstName: '', lastName: '', email: '', phone: '', jobTitle: '', agreeTerms: false },
  company: {
    companyName: '',
    legalEntityName: '',
    companyRegistrationNumber: '',
    address: '',
    countries: [],
    validDomains: [],
    companySource: null,
    companySourceOther: '',
  },
  invites: [{ email: '', role: 2 }],
});

export function loadDraft(): SignupDraft {
  try {
    const raw = sessionStorage.getItem(KEY);
    if (!raw) return emptyDraft();
    const parsed = JSON.parse(raw) as Partial<SignupDraft>;
    const base = emptyDraft();
    return {
      ...base,
      ...parsed,
      you: { ...base.you, ...parsed.you },
      company: { ...base.company, ...parsed.company },
      invites: parsed.invites?.length ? parsed.invites : base.invites,
    };
  } catch {
    return emptyDraft();
  }
}

export function saveDraft(draft: SignupDraft): void {
  sessionStorage.setItem(KEY, JSON.stringify(draft));
}

export function clearDraft(): void {
  sessionStorage.removeItem(KEY);
}

/** The token a step may reuse: only when the values are the ones that produced it. */
export function reusableToken(sent: Sent | undefined, values: unknown): string | undefined {
  return sent && sent.values === JSON.stringify(values) ? sent.token : undefined;
}

/** Records a step's answer; a new answer to step 1 drops step 2's token and asks again for the address's code unless `confirmed`. */
export function recordStep(
  draft: SignupDraft,
  step: 1 | 2,
  values: unknown,
  token: string,
  confirmed = false,
): SignupDraft {
  const sent = { token, values: JSON.stringify(values) };
  return step === 1
    ? { ...draft, step1: sent, emailConfirmed: confirmed, step2: undefined, expired: undefined }
    : { ...draft, step2: sent };
}

/** The server no longer knows this sign-up: its draft expired (or its token is unknown). */
export const isSignupGone = (err: unknown): boolean => err instanceof ApiError && err.code === 'signup.invalid';

/** The draft started over: what was typed stays, every token and the confirmed address go, and step 1 says why. */
export const restartedDraft = (draft: SignupDraft): SignupDraft => ({
  ...draft,
  step1: undefined,
  emailConfirmed: false,
  step2: undefined,
  expired: true,
});

/**
 * For steps 2 and 3: when `err` says the sign-up is gone, keeps `draft` (with what the step typed) started over and
 * goes back to step 1, which asks for a new code; true when it did.
 */
export function useRestartWhenGone(): (err: unknown, draft: SignupDraft) => boolean {
  const navigate = useNavigate();
  return useCallback(
    (err, draft) => {
      if (!isSignupGone(err)) return false;
      saveDraft(restartedDraft(draft));
      navigate(PATHS.companySignupStep(1), { replace: true });
      return true;
    },
    [navigate],
  );
}

/** Step 1's address was confirmed with the emailed code. */
export const withEmailConfirmed = (draft: SignupDraft): SignupDraft => ({ ...draft, emailConfirmed: true });

/** The furthest step the draft may open: 2 needs step 1's token and its confirmed address, 3 needs step 2's. */
export function allowedStep(draft: SignupDraft): 1 | 2 | 3 {
  if (!draft.step1 || !draft.emailConfirmed) return 1;
  return draft.step2 ? 3 : 2;
}

/** The provider chosen for a social sign-up, remembered across the provider's redirect. */
const PROVIDER_KEY = 'talentbase.signupProvider';
export const rememberProvider = (provider: string) => sessionStorage.setItem(PROVIDER_KEY, provider);
export const rememberedProvider = () => sessionStorage.getItem(PROVIDER_KEY);
