/**
 * What this browser keeps for one signed-in person (the last interview schedule they entered), under keys of their
 * own: another account signed in on the same browser never reads it, and signing out forgets all of it, the unsaved
 * form drafts of this tab (./formDrafts.ts) with it.
 */
import { forgetDrafts } from './formDrafts';

const PREFIX = 'talentbase.personal.';
/** Keys an earlier version kept for whoever was signed in. */
const SHARED_KEYS = ['talentbase.pipeline.lastSchedule'];

/** The key under which `name` is kept for `userId`. */
export const personalKey = (name: string, userId: string): string => `${PREFIX}${name}:${userId}`;

/** Forgets everything kept for anyone in this browser (at sign-out). */
export function forgetPersonal(): void {
  forgetDrafts();
  try {
    for (const key of Object.keys(localStorage))
      if (key.startsWith(PREFIX) || SHARED_KEYS.includes(key)) localStorage.removeItem(key);
  } catch {
    // Blocked storage holds nothing to forget.
  }
}
