/**
 * Answers asked for ahead of the screen that shows them, taken once by that screen: the first API call of the page a
 * visit opens on, started when the page's code loads (beside the session check and the shell's first render rather
 * than after them), or the bell's unread count, started when the session check answers. The taker asks for the answer
 * by the same key (the exact request) on its first render; a later visit (or a different request) asks the server
 * again, and an answer older than 30 seconds is not used.
 */
const FRESH_MS = 30_000;

interface Started {
  answer: Promise<unknown>;
  at: number;
}

const started = new Map<string, Started>();

/** Starts `load` for `key` unless an answer for it is already waiting. */
export function startEarly(key: string, load: () => Promise<unknown>): void {
  if (started.has(key)) return;
  const answer = load();
  // A failure is the taker's to report; nobody may be taking it.
  answer.catch(() => {});
  started.set(key, { answer, at: performance.now() });
}

/** Starts `load` when the address the visit opened on matches `path` (a RegExp on the pathname); `key` names the request. */
export function startOpening(
  path: RegExp,
  key: (match: RegExpExecArray) => string | undefined,
  load: (key: string) => Promise<unknown>,
): void {
  let name: string | undefined;
  try {
    const match = path.exec(window.location.pathname);
    name = match ? key(match) : undefined;
  } catch {
    // A malformed address (say a broken percent escape) is left to the page to answer.
    return;
  }
  if (name) startEarly(name, () => load(name));
}

/** The answer started for `key`, once; undefined when none was, or when it is stale. */
export function takeOpening<T>(key: string): Promise<T> | undefined {
  const found = started.get(key);
  started.delete(key);
  return found && performance.now() - found.at < FRESH_MS ? (found.answer as Promise<T>) : undefined;
}
