/**
 * Routing behaviour of spec section 2 as pure decisions: where each role's home is, who may open
 * a route, and where everybody else is sent.
 */
import { PATHS } from './paths';
import type { Action } from '../../schema';
import { can, type Role, type Viewer } from './viewer';

export type Access =
  | { kind: 'public' }
  /** Public, but a signed-in user is sent home (login and sign-up). */
  | { kind: 'restricted' }
  /** Signed in; of one of `roles` when given; allowed `can` (an action on a subject) by the one ability when given. */
  | { kind: 'private'; roles?: readonly Role[]; can?: readonly [Action, string] };

/** Home of a role: where "/" and wrong-role visits lead. */
export function homeFor(viewer: Viewer): string {
  switch (viewer.role) {
    case 'admin':
      return PATHS.search;
    case 'company':
    case 'raasCompany':
      return PATHS.projects;
    case 'candidate':
      return PATHS.candidateProfile;
    default:
      return PATHS.terms;
  }
}

/** Where a signed-in user opening login or sign-up goes: admins to companies, others to their home. */
export function restrictedHomeFor(viewer: Viewer): string {
  return viewer.role === 'admin' ? PATHS.companies : homeFor(viewer);
}

/** Where a fresh login lands: the redirect URL when one was given, else admins on search and others on their home. */
export function landingAfterLogin(viewer: Viewer, redirect?: string): string {
  return safeRedirect(redirect) ?? homeFor(viewer);
}

/** Accepts only same-origin paths that are not auth pages, so a crafted link cannot send users elsewhere or loop. */
export function safeRedirect(raw: string | undefined | null): string | undefined {
  if (!raw) return undefined;
  let value = raw.trim();
  try {
    if (/^https?:\/\//i.test(value)) {
      const url = new URL(value);
      if (typeof window === 'undefined' || url.origin !== window.location.origin) return undefined;
      value = url.pathname + url.search + url.hash;
    }
  } catch {
    return undefined;
  }
  // A browser drops tabs and line breaks from an address and reads a backslash as a slash: `/\t/evil.example` and
  // `/\\evil.example` lead off the site as `//evil.example` does.
  if (!value.startsWith('/') || value.startsWith('//') || /[\\\p{Cc}]/u.test(value)) return undefined;
  // Sign-in pages never lead back to themselves; confirming a new email is the one auth page that needs a session.
  if ((value.startsWith('/auth/') && !value.startsWith('/auth/confirm-email?')) || value === '/') return undefined;
  return value;
}

/** The login address that brings the visitor back to `from` afterwards (`/auth/login/:redirectUrl?`). */
export function loginPathFor(from: string): string {
  const back = safeRedirect(from);
  return back ? `${PATHS.login}/${encodeURIComponent(back)}` : PATHS.login;
}

export type Decision = { render: true } | { render: false; to: string };

export function decideAccess(
  access: Access,
  viewer: Viewer | undefined,
  location: { pathname: string; search: string },
): Decision {
  if (access.kind === 'public') return { render: true };
  if (access.kind === 'restricted') return viewer ? { render: false, to: restrictedHomeFor(viewer) } : { render: true };
  if (!viewer) return { render: false, to: loginPathFor(location.pathname + location.search) };
  if (access.roles && !access.roles.includes(viewer.role)) return { render: false, to: homeFor(viewer) };
  if (access.can && !can(viewer, access.can[0], access.can[1])) return { render: false, to: homeFor(viewer) };
  return { render: true };
}
