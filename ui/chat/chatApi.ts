/** The support chat's calls and shapes, shared by the portal's widget and the console's inbox and windows. */
import { api } from '../api/client';

export type Side = 'admin' | 'companyUser';

export interface ChatMessage {
  id: number;
  conversationId: number;
  side: Side;
  mine: boolean;
  authorName: string;
  body: string | null;
  /** The id the author's screen gave the message (to its author only; null for older clients' and others'). */
  clientId?: string | null;
  attachment: { name: string; size: number; url: string } | null;
  createdAt: string;
}

export interface ConversationSummary {
  id: number;
  project: { id: number; title: string };
  company: { id: number; name: string };
  assignee: { id: number; name: string } | null;
  status: 'open' | 'resolved';
  lastMessage: { authorName: string; text: string; at: string } | null;
  unread: number;
}

export interface ConversationPage {
  data: ConversationSummary | null;
  messages: ChatMessage[];
  more: boolean;
  otherSideReadId: number;
}

export interface InboxPage {
  data: ConversationSummary[];
  total: number;
  page: number;
  pageSize: number;
  unreadTotal: number;
}

/** Where a conversation is read: through its project (the widget) or by its id (the console). */
export type ChatSource = { projectId: string } | { conversationId: number };

export const pathOf = (source: ChatSource, conversationId?: number) =>
  conversationId
    ? `conversations/${conversationId}`
    : 'projectId' in source
      ? `projects/${encodeURIComponent(source.projectId)}/conversation`
      : `conversations/${source.conversationId}`;

export const loadConversation = (
  source: ChatSource,
  conversationId: number | undefined,
  query: { after?: number; before?: number } = {},
) => api<ConversationPage>(pathOf(source, conversationId), { query });

/** A new id for a composed message, sent with each try of it: the server stores one message per id and author. */
export function newClientId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Posts a message; a retry with the same `clientId` answers the message the first try stored, not a second one. */
export function postMessage(
  source: ChatSource,
  conversationId: number | undefined,
  text: string,
  file?: File,
  clientId?: string,
) {
  const path = `${pathOf(source, conversationId)}/messages`;
  let body: FormData | { body: string; clientId?: string };
  if (file) {
    body = new FormData();
    if (text) body.set('body', text);
    if (clientId) body.set('clientId', clientId);
    body.set('attachment', file);
  } else body = { body: text, clientId };
  return api<{ data: ChatMessage }>(path, { method: 'POST', body });
}

export const markRead = (conversationId: number, messageId: number) =>
  api<{ unread: number }>(`conversations/${conversationId}/read`, { method: 'POST', body: { messageId } });

export const sendTyping = (conversationId: number) =>
  api(`conversations/${conversationId}/typing`, { method: 'POST', body: {} });

export const loadInbox = (
  query: { q?: string; status?: string; assignee?: string; page?: number },
  signal?: AbortSignal,
) => api<InboxPage>('conversations', { query, signal });

export const changeConversation = (
  conversationId: number,
  body: { status?: 'open' | 'resolved'; assigneeId?: number | null },
) => api<{ data: ConversationSummary }>(`conversations/${conversationId}`, { method: 'PATCH', body });

/** The console window of a conversation, named by it: a second click focuses the window already open. */
export const conversationWindowName = (id: number) => `chat-${id}`;
export const conversationWindowPath = (id: number) => `/admin/support-chat/${id}`;
