/** Benchmarks sign in as a user does: a code asked by email (read from the outbox), then the code; the session cookie comes back. */
import type { Knex } from 'knex';
import { listOutbox } from '../backend/services/mail/outbox';

export async function sessionCookie(base: string, knex: Knex, email: string): Promise<string> {
  const post = (url: string, body: object) =>
    fetch(`${base}${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base },
      body: JSON.stringify(body),
    });
  const sent = await post('/api/v1/auth/send-email-otp', { email });
  if (sent.status !== 200) throw new Error(`no code for ${email}: ${sent.status} ${await sent.text()}`);
  const [mail] = await listOutbox(knex, email, 1);
  const otp = /\b(\d{6})\b/.exec(mail?.text ?? '')?.[1];
  const login = await post('/api/v1/auth/login-by-email-otp', { email, otp });
  if (login.status !== 200) throw new Error(`sign-in failed for ${email}: ${login.status} ${await login.text()}`);
  return login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}
