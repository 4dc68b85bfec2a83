/**
 * The support chat (Chatwoot's model): one conversation per project between the project's company
 * users and its talent advocate (the assignee) or the admins; messages with text and PDF/DOCX
 * attachments (the CV upload limits and type checks), kept in id order; participants with the last
 * message each has read. Messages, read marks and typing travel as live events on the
 * conversation (backend/features/live), delivered to those who may read the conversation and open
 * its project. An unread message notifies its recipients once they are away and is emailed after
 * 10 minutes (followUp.ts, job `follow_up_chat_message`). The pieces: access.ts (who reaches a
 * conversation), messages.ts (posting and reading), inbox.ts (the admins' list), endpoints.ts.
 */
export { chatEndpoints } from './endpoints';
export { followUp, FOLLOW_UP_TASK } from './followUp';
