/**
 * The last interview schedule entered (spec section 4: "the last schedule data is remembered"), kept in this browser
 * for the person who entered it (app/personalStorage.ts): another account signed in on the same browser never opens
 * with their interviewer, address and meeting link, and signing out forgets it.
 */
import type { ScheduleData } from '../../api/pipeline';
import { personalKey } from '../../app/personalStorage';

const keyOf = (userId: string) => personalKey('lastSchedule', userId);

export function rememberSchedule(userId: string | undefined, data: ScheduleData): void {
  if (!userId) return;
  try {
    localStorage.setItem(keyOf(userId), JSON.stringify(data));
  } catch {
    // Storage full or blocked: the next dialog simply starts empty.
  }
}

/** The schedule `userId` last entered here, else the one the session carries (the user's lastScheduleData). */
export function recallSchedule(userId: string | undefined, fromSession: unknown): Partial<ScheduleData> {
  try {
    const stored = userId ? localStorage.getItem(keyOf(userId)) : null;
    if (stored) return JSON.parse(stored) as Partial<ScheduleData>;
  } catch {
    // Unreadable: fall back to the session's.
  }
  return fromSession && typeof fromSession === 'object' ? (fromSession as Partial<ScheduleData>) : {};
}
