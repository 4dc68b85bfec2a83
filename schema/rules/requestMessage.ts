/**
 * The words of an interview request or a job description sent to a candidate: the email's subject
 * and paragraphs and the WhatsApp message's text, written once for the job that sends them
 * (backend/features/interviews/delivery.ts) and for the preview the sender reads before sending
 * (portal/features/interviews/RequestDialog.tsx), so what is previewed is what goes out.
 */
import { JD_LIMITS } from './pipeline';

export interface RequestMessageInput {
  /** An interview request; otherwise the job description (asking whether to be put forward). */
  interview: boolean;
  /** The company as the candidate reads it ("a company" for a confidential project). */
  company: string;
  /** The project's title. */
  role: string;
  /** The candidate's first name; the preview of a company that does not see it passes a placeholder. */
  firstName: string | null;
  header?: string | null;
  body?: string | null;
  footer?: string | null;
  links: { jd: string; accept: string; decline: string };
}

/** The body a request carries: the text given, else the project's own description cut to the body limit. */
export function requestBody(
  given: string | null | undefined,
  projectDescription: string | null | undefined,
): string | null {
  const text = (given ?? '').trim() || (projectDescription ?? '').trim();
  if (!text) return null;
  return text.length <= JD_LIMITS.body ? text : `${text.slice(0, JD_LIMITS.body - 1).trimEnd()}…`;
}

/** The opening line: who asks what. */
export const requestLead = (m: Pick<RequestMessageInput, 'interview' | 'company' | 'role'>): string =>
  m.interview
    ? `${m.company} would like to interview you for the role of ${m.role}.`
    : `${m.company} is hiring for the role of ${m.role} and would like to know whether you want to be put forward.`;

/**
 * A paragraph "label: url" of the email: its text part reads it whole, its HTML part shows the link alone, reading
 * `label` (backend/services/mail/templates.ts `html`, which makes a link of the product's own URLs only).
 */
export interface RequestLink {
  text: string;
  url: string;
  label: string;
  alone: true;
}

const action = (label: string, url: string): RequestLink => ({ text: `${label}: ${url}`, url, label, alone: true });

/**
 * The email: its subject and its paragraphs, in order, as text (`lines`, the preview's) and as the email writes them
 * (`paragraphs`: the links as RequestLink, the typed header, body and footer as plain strings).
 */
export function requestEmail(m: RequestMessageInput): {
  subject: string;
  lines: string[];
  paragraphs: (string | RequestLink)[];
} {
  const paragraphs = [
    `Hi ${m.firstName?.trim() || 'there'},`,
    requestLead(m),
    ...(m.header ? [m.header] : []),
    ...(m.body ? [m.body] : []),
    ...(m.footer ? [m.footer] : []),
    action('Read the full job description', m.links.jd),
    action(m.interview ? 'Accept the interview' : 'Yes, put me forward', m.links.accept),
    action(m.interview ? 'Decline' : 'No, thank you', m.links.decline),
    'These links are valid for 3 days.',
  ];
  const lines = paragraphs.map((p) => (typeof p === 'string' ? p : p.text));
  return { subject: m.interview ? `Interview request: ${m.role}` : `A role for you: ${m.role}`, lines, paragraphs };
}

/** The WhatsApp message as the candidate reads it (its template's header, text and two buttons). */
export function requestWhatsapp(m: RequestMessageInput): string {
  return [
    (m.header || m.role).slice(0, 60),
    requestLead(m),
    `Accept: ${m.links.accept}`,
    `Decline: ${m.links.decline}`,
  ].join('\n');
}
