/**
 * Outside production only: the outbox of emails and WhatsApp messages as JSON and as a page, so
 * sign-in codes and links can be read without SMTP. The app mounts these routers itself, and refuses to start
 * on a public https address outside production (devRoutesMounted).
 */
export { devApiRouter, devRoutesMounted, mailboxPage } from './routes';
