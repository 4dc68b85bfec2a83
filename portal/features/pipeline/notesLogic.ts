/** Notes arrive in pages of 20, newest first (spec section 4): appended without duplicates, all loaded once a page comes back short. */
export const NOTES_PAGE_SIZE = 20;

export interface NotesState<T extends { key: string }> {
  notes: T[];
  /** The next page to ask for. */
  page: number;
  done: boolean;
}

export const initialNotes = <T extends { key: string }>(): NotesState<T> => ({ notes: [], page: 1, done: false });

/** Appends one answered page: notes already held (by key) are dropped; a short page ends the loading. */
export function mergeNotesPage<T extends { key: string }>(state: NotesState<T>, page: readonly T[]): NotesState<T> {
  const seen = new Set(state.notes.map((n) => n.key));
  const fresh = page.filter((n) => !seen.has(n.key) && seen.add(n.key));
  return { notes: [...state.notes, ...fresh], page: state.page + 1, done: page.length < NOTES_PAGE_SIZE };
}

/** A note just written goes on top; an edited one is replaced where it is; a deleted one leaves. */
export function upsertNote<T extends { key: string }>(state: NotesState<T>, note: T): NotesState<T> {
  const at = state.notes.findIndex((n) => n.key === note.key);
  if (at < 0) return { ...state, notes: [note, ...state.notes] };
  const notes = [...state.notes];
  notes[at] = note;
  return { ...state, notes };
}

export const removeNote = <T extends { key: string }>(state: NotesState<T>, key: string): NotesState<T> => ({
  ...state,
  notes: state.notes.filter((n) => n.key !== key),
});
