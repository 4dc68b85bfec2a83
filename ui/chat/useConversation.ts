/**
 * One conversation as a screen shows it, kept current by the live channel: new messages are asked
 * for after the last id the screen has (so nothing is lost across reconnects, and order is the
 * ids'), the other side's read mark and typing are shown, and while the screen is `active` (open
 * and visible) what arrives is marked read. A project's screen with no conversation yet listens for
 * the project's 'conversationStarted' event, so a colleague's first message shows without a reload.
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

export function useConversation(source: ChatSource, side: Side, active: boolean) {
  const [conversation, setConversation] = useState<ConversationSummary | null>(null);
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [more, setMore] = useState(false);
  const [otherSideReadId, setOtherSideReadId] = useState(0);
  const [loading, setLoading] = useState(true);
  const [failed, setFailed] = useState(false);
  const [typing, setTyping] = useState(false);
  const id = conversation?.id ?? ('conversationId' in source ? source.conversationId : undefined);
  const lastId = messages.at(-1)?.id ?? 0;
  const state = useRef({ id, lastId });
  state.current = { id, lastId };
  const typingTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const lastTypingSent = useRef(0);

  const catchUp = useCallback(async () => {
    try {
      // After a gap (a reconnect) there may be more than a page of new messages: ask again until none is left.
      let { id: conversationId, lastId: after } = state.current;
      for (;;) {
        const page = await loadConversation(source, conversationId, after ? { after } : {});
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
      setFailed(false);
    } catch {
      setFailed(true);
    } finally {
      setLoading(false);
    }
    // The source names the conversation for the screen's whole life.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    void catchUp();
  }, [catchUp]);

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
    if (!messages.length || id === undefined) return;
    const page = await loadConversation(source, id, { before: messages[0].id });
    setMessages((have) => mergeMessages(page.messages, have));
    setMore(page.more);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [messages, id]);

  const send = useCallback(async (text: string, file?: File) => {
    const { data } = await postMessage(source, state.current.id, text, file);
    setMessages((have) => mergeMessages(have, [data]));
    if (state.current.id === undefined) await catchUp();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const typed = useCallback(() => {
    const now = Date.now();
    if (state.current.id === undefined || now - lastTypingSent.current < TYPING_EVERY_MS) return;
    lastTypingSent.current = now;
    void sendTyping(state.current.id).catch(() => undefined);
  }, []);

  return {
    conversation,
    setConversation,
    messages,
    more,
    otherSideReadId,
    loading,
    failed,
    typing,
    send,
    typed,
    loadOlder,
    reload: catchUp,
  };
}
