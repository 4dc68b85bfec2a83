/**
 * Outside production only: the outbox of emails and WhatsApp messages as JSON and as a page, so
 * sign-in codes and links can be read without SMTP. The app mounts these routers itself.
 */
export { devApiRouter, mailboxPage } from './routes';
