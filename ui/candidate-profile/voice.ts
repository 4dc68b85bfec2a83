/**
 * Who the profile form speaks to: admins read of "the candidate", the candidate on their own page reads
 * "you" (talent.own.sections: "Your experience"). Sections ask here for their title and description.
 */
import { createContext, useContext } from 'react';
import { hasText, t } from '../../i18n';

export type ProfileEditor = 'admin' | 'candidate';

export const ProfileVoice = createContext<ProfileEditor>('admin');

/** 'job-search' → 'jobSearch': a section's anchor to its key in the message catalogue. */
const keyOf = (id: string) => id.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());

/** A section's title or description in the editor's voice, else as given. */
export function sectionText(
  editor: ProfileEditor,
  id: string,
  part: 'title' | 'description',
  given?: string,
): string | undefined {
  const own = `talent.own.sections.${keyOf(id)}.${part}`;
  return editor === 'candidate' && hasText(own) ? t(own) : given;
}

export const useProfileVoice = () => useContext(ProfileVoice);
