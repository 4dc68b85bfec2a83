/** The last interview schedule entered (spec section 4: "the last schedule data is remembered"), kept in this browser. */
import type { ScheduleData } from '../../api/pipeline';

const KEY = 'talentbase.pipeline.lastSchedule';

export function rememberSchedule(data: ScheduleData): void {
  try {
    localStorage.setItem(KEY, JSON.stringify(data));
  } catch {
    // Storage full or blocked: the next dialog simply starts empty.
  }
}

/** The remembered schedule, else the one the session carries (the user's lastScheduleData). */
export function recallSchedule(fromSession: unknown): Partial<ScheduleData> {
  try {
    const stored = localStorage.getItem(KEY);
    if (stored) return JSON.parse(stored) as Partial<ScheduleData>;
  } catch {
    // Unreadable: fall back to the session's.
  }
  return fromSession && typeof fromSession === 'object' ? (fromSession as Partial<ScheduleData>) : {};
}
