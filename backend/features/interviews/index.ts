/**
 * Interview and qualify requests sent to candidates by email or WhatsApp with a job description,
 * answered through a link (spec sections 2, 4 and 7). Exposes its endpoints, what the
 * send_interview_request and send_whatsapp_message jobs run, the WhatsApp outbox the
 * development mailbox lists, and the answer link's token of a request (for the page-speed benchmark).
 */
export { interviewEndpoints } from './endpoints';
export { qualifyEndpoints, whatsapp } from './qualify';
export { deliverRequest, notifyAnswer } from './delivery';
export { deliverWhatsapp, listWhatsapp } from './whatsappOutbox';
export { requestToken } from './tokens';
