/**
 * Names one person types for another (an invitee's name, typed by whoever invites them): plain names, never a link
 * or an email address, since the product shows them to the person named and an attacker would otherwise have it
 * carry 'Your account is locked, visit evil.com' under its own domain. Side-free: the API checks the invite form with
 * it and the portal may check the same before sending.
 */
import { optionalLine } from './inputs';

/** A scheme (https://, ftp://, mailto:), a www. host, an email address, or a bare domain (evil.com, bit.ly/x). */
const LINK_OR_EMAIL = [
  /[a-z][a-z\d+.-]*:\/\//i,
  /\bmailto:/i,
  /\bwww\./i,
  /[^\s@]@[^\s@]+\.[^\s@]/u,
  /[\p{L}\p{N}-]\.\p{L}{2,}(?![\p{L}\p{N}-])/u,
];

/** Whether typed text holds a link or an email address, or text a mail client would take for one. */
export const hasLinkOrEmail = (text: string) => LINK_OR_EMAIL.some((pattern) => pattern.test(text));

/** An optional name someone types for another person (optionalLine), refused as '<field>.errors.noLinks' when it holds a link. */
export const typedName = (max: number) =>
  optionalLine(max).refine((name) => name === null || !hasLinkOrEmail(name), { message: 'noLinks' });
