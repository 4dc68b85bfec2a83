/**
 * One conversation as a screen shows it, kept current by the live channel: new messages are asked
 * for after the last id the screen has (so nothing is lost across reconnects, and order is the
 * ids'), the other side's read mark and typing are shown, and while the screen is `active` (open
 * and visible) what arrives is marked read. A project's screen with no conversation yet listens for
 * the project's 'conversationStarted' event, so a colleague's first message shows without a reload.
 * The conversation follows the source: when the screen moves to another project in the app, the last
 * one's messages, counts and answers still on their way are dropped. A failed load is tried again (the
 * screen's Retry, on opening, or by itself a while later); a failed older page says so (`olderFailed`).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLive } from '../live/useLive';
import {
  loadConversation,
  markRead,
  postMessage,
  sendTyping,
  type ChatMessage,
  type ChatSource,
  type ConversationSummary,
  type Side,
} from './chatApi';

const TYPING_SHOWN_MS = 4000;
/** The project event the server raises when the project's conversation starts (backend/features/chat/messages.ts). */
const CONVERSATION_STARTED = 'conversationStarted';
const TYPING_EVERY_MS = 2500;

export function mergeMessages(have: ChatMessage[], more: ChatMessage[]): ChatMessage[] {
  const byId = new Map(have.map((m) => [m.id, m]));
  for (const m of more) byId.set(m.id, m);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

/** What a conversation is read through, as a key: another project (or conversation) is another conversation. */
const keyOf = (source: ChatSource) =>
  'projectId' in source ? `project:${source.projectId}` : `conversation:${source.conversationId}`;

/** A failed load is tried again by itself after 15 s, then 30 s, and at most every minute. */
const retryAfter = (failures: number) => Math.min(60_000, 15_000 * 2 ** (failures - 1));

export function useConversation(source: ChatSource, side: Side, active: boolean) {
  const key = keyOf(source);
  const [shownKey, setShownKey] = useState(key);
  const [conversation, setConversation] = useState<ConversationSummary | null>(null);
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [more, setMore] = useState(false);
  const [otherSideReadId, setOtherSideReadId] = useState(0);
  const [loading, setLoading] = useState(true);
  const [failures, setFailures] = useState(0);
  const [olderFailed, setOlderFailed] = useState(false);
  const [typing, setTyping] = useState(false);
  if (shownKey !== key) {
    // The screen now shows another project (an in-app navigation): nothing of the last conversation is kept.
    setShownKey(key);
    setConversation(null);
    setMessages([]);
    setMore(false);
    setOtherSideReadId(0);
    setLoading(true);
    setFailures(0);
    setOlderFailed(false);
    setTyping(false);
  }
  const id = conversation?.id ?? ('conversationId' in source ? source.conversationId : undefined);
  const lastId = messages.at(-1)?.id ?? 0;
  const state = useRef({ key, source, id, lastId });
  state.current = { key, source, id, lastId };
  const typingTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const lastTypingSent = useRef(0);

  const catchUp = useCallback(async () => {
    // An answer for a conversation the screen no longer shows is dropped.
    const { key: asked, source: from } = state.current;
    const current = () => state.current.key === asked;
    try {
      // After a gap (a reconnect) there may be more than a page of new messages: ask again until none is left.
      let { id: conversationId, lastId: after } = state.current;
      for (;;) {
        const page = await loadConversation(from, conversationId, after ? { after } : {});
        if (!current()) return;
        setConversation(page.data);
        setMessages((have) => mergeMessages(have, page.messages));
        // The latest page's `more` means older messages; a page after a message's, newer ones.
        if (!after) setMore(page.more);
        setOtherSideReadId(page.otherSideReadId);
        const newest = page.messages.at(-1)?.id;
        if (!after || !page.more || newest === undefined) break;
        conversationId = page.data?.id ?? conversationId;
        after = newest;
      }
      setFailures(0);
    } catch {
      if (current()) setFailures((n) => n + 1);
    } finally {
      if (current()) setLoading(false);
    }
  }, []);

  useEffect(() => {
    void catchUp();
  }, [catchUp, key]);
  // A failed load leaves the screen without its conversation (and so without its live updates): it is tried again,
  // by the reader's Retry, on opening, or by itself a while later.
  useEffect(() => {
    if (!failures) return undefined;
    const timer = setTimeout(() => void catchUp(), retryAfter(failures));
    return () => clearTimeout(timer);
  }, [failures, catchUp]);
  const failed = failures > 0;
  useEffect(() => {
    if (active && state.current.id === undefined && failed) void catchUp();
    // Only on opening: a failed load is not asked again at every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [active]);

  useLive(
    (e) => e.topic === 'conversation' && e.subjectId === state.current.id && !e.kind.startsWith('typing:'),
    () => void catchUp(),
    id !== undefined,
  );
  // A project's page that has no conversation yet hears when one starts (a colleague's first message, or the advocate's).
  // The source names the project as the API shows it ('Project:12' or '12'); events carry the number.
  const projectId =
    'projectId' in source ? Number(source.projectId.slice(source.projectId.lastIndexOf(':') + 1)) : undefined;
  useLive(
    (e) => e.topic === 'project' && e.subjectId === projectId && e.kind === CONVERSATION_STARTED,
    () => void catchUp(),
    id === undefined && projectId !== undefined,
  );
  // Typing is shown at once, without asking the API.
  useLive(
    (e) => {
      if (
        e.topic === 'conversation' &&
        e.subjectId === state.current.id &&
        e.kind.startsWith('typing:') &&
        e.kind !== `typing:${side}`
      ) {
        setTyping(true);
        clearTimeout(typingTimer.current);
        typingTimer.current = setTimeout(() => setTyping(false), TYPING_SHOWN_MS);
      }
      return false;
    },
    () => undefined,
    id !== undefined,
  );
  useEffect(() => () => clearTimeout(typingTimer.current), []);

  // A message of the other side arriving hides its typing mark.
  const lastOther = [...messages].reverse().find((m) => m.side !== side)?.id ?? 0;
  useEffect(() => setTyping(false), [lastOther]);

  useEffect(() => {
    if (!active || id === undefined || !conversation?.unread || !lastId) return;
    void markRead(id, lastId)
      .then((r) => setConversation((c) => (c ? { ...c, unread: r.unread } : c)))
      .catch(() => undefined);
  }, [active, id, lastId, conversation?.unread]);

  const loadOlder = useCallback(async () => {
    const { key: asked, source: from } = state.current;
    if (!messages.length || id === undefined) return;
    setOlderFailed(false);
    try {
      const page = await loadConversation(from, id, { before: messages[0].id });
      if (state.current.key !== asked) return;
      setMessages((have) => mergeMessages(page.messages, have));
      setMore(page.more);
    } catch {
      if (state.current.key === asked) setOlderFailed(true);
    }
  }, [messages, id]);

  const send = useCallback(
    async (text: string, file?: File, clientId?: string) => {
      const { key: asked, source: from, id: conversationId } = state.current;
      const { data } = await postMessage(from, conversationId, text, file, clientId);
      if (state.current.key !== asked) return;
      setMessages((have) => mergeMessages(have, [data]));
      if (state.current.id === undefined) await catchUp();
    },
    [catchUp],
  );

  const typed = useCallback(() => {
    const now = Date.now();
    if (state.current.id === undefined || now - lastTypingSent.current < TYPING_EVERY_MS) return;
    lastTypingSent.current = now;
    void sendTyping(state.current.id).catch(() => undefined);
  }, []);

  return {
    /** Which conversation the screen shows: a screen keeps nothing of another's (a draft, a scroll). */
    key,
    conversation,
    setConversation,
    messages,
    more,
    otherSideReadId,
    loading,
    failed,
    olderFailed,
    typing,
    send,
    typed,
    loadOlder,
    reload: catchUp,
  };
}
