/**
 * The browser's end of the live channel (/api/v1/live): one WebSocket per page, opened with the
 * session cookie, reopened after a drop with a growing delay, resuming after the last event id the
 * page saw. Events carry a topic and a subject id only; a screen that cares asks the API again.
 * 'reset' (the page was away longer than the server keeps events) and every reconnect are passed on
 * as a `resync` so screens reload what they show; so is the first connection of a page whose earlier
 * tries were closed or refused (the server restarting, a session holding too many sockets), since
 * events raised meanwhile are not replayed to a page that never had an event id to resume after.
 * The page's own session is followed apart (watchAccess): an `access` frame (its person's role or status changed)
 * or a reconnect asks it to read the session again, and a close as signed out (4401) ends it, with why when the
 * server said (the login page's flag).
 */
export interface LiveEvent {
  id: number;
  topic: 'project' | 'notification' | 'conversation';
  subjectId: number;
  kind: string;
}

type Listener = (e: LiveEvent | { resync: true }) => void;
type Message = { type: string; last?: number } & LiveEvent;

/** What a page hears of its own session: read it again, or it ended (`reason`: the login page's flag, or ''). */
export type AccessSignal = { changed: true } | { signedOut: true; reason: string };
type AccessListener = (s: AccessSignal) => void;

const listeners = new Set<Listener>();
const accessListeners = new Set<AccessListener>();
let socket: WebSocket | undefined;
let last: number | undefined;
let retry = 0;
let timer: ReturnType<typeof setTimeout> | undefined;
/** A socket closed before the page's first 'ready': what the page shows may have missed events. */
let missed = false;
/** Ids already passed on: the server may send an event again around a reconnect. */
const seen = new Set<number>();

function emit(e: LiveEvent | { resync: true }): void {
  for (const l of [...listeners]) l(e);
}

function open(): void {
  if (socket || !listeners.size || typeof WebSocket === 'undefined') return;
  const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
  const ws = new WebSocket(`${scheme}://${location.host}/api/v1/live${last !== undefined ? `?after=${last}` : ''}`);
  socket = ws;
  let reconnected = last !== undefined || missed;
  ws.onmessage = (m) => {
    // A frame is one message, or an array of events the server grouped (in id order).
    const parsed = JSON.parse(String(m.data)) as Message | Message[];
    for (const data of Array.isArray(parsed) ? parsed : [parsed]) {
      if (data.type === 'event') {
        if (seen.has(data.id)) continue;
        seen.add(data.id);
        if (seen.size > 2000) seen.delete(seen.values().next().value as number);
        last = Math.max(last ?? 0, data.id);
        emit({ id: data.id, topic: data.topic, subjectId: data.subjectId, kind: data.kind });
      } else if (data.type === 'access') {
        for (const l of [...accessListeners]) l({ changed: true });
      } else if (data.type === 'reset') {
        reconnected = true;
      } else if (data.type === 'ready') {
        retry = 0;
        last = Math.max(last ?? 0, data.last ?? 0);
        // What happened while the page was away has been replayed; a reset asks screens to reload.
        if (reconnected) emit({ resync: true });
        reconnected = false;
        missed = false;
      }
    }
  };
  ws.onclose = (e) => {
    socket = undefined;
    // Closed (or refused) before the first 'ready': there is no event id to resume after, so the next one resyncs.
    if (last === undefined) missed = true;
    // 4401: signed out. 1008/403 refusals end with a close too; the next sign-in page load reopens.
    if (e.code === 4401) {
      const reason = e.reason === 'signed out' ? '' : e.reason;
      for (const l of [...accessListeners]) l({ signedOut: true, reason });
    }
    if (e.code === 4401 || !listeners.size) return;
    retry = Math.min(retry + 1, 6);
    timer = setTimeout(open, 500 * 2 ** (retry - 1));
  };
}

/** Listens to every live event of this page; returns the function that stops listening. */
export function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  open();
  return () => {
    listeners.delete(listener);
    if (!listeners.size) {
      clearTimeout(timer);
      socket?.close();
      socket = undefined;
    }
  };
}

/**
 * Follows this page's own session on the channel (and holds the channel open meanwhile): a change of its person's
 * access, or a reconnect after which one may have been missed, says `changed`; the socket closed as signed out says
 * `signedOut`. Returns the function that stops.
 */
export function watchAccess(listener: AccessListener): () => void {
  accessListeners.add(listener);
  const stop = subscribe((e) => {
    if ('resync' in e) listener({ changed: true });
  });
  return () => {
    accessListeners.delete(listener);
    stop();
  };
}
