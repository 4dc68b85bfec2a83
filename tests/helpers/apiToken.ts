/**
 * A bearer token for `email`, signed in through the emailed-code calls against the browser tests' server: what a
 * browser test uses to set up through the API as a company's user before the screen under test opens.
 */
import type { E2E } from './e2e';

export async function apiToken(e2e: E2E, email: string): Promise<string> {
  await fetch(`${e2e.baseUrl}/api/v1/auth/send-email-otp`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email }),
  });
  const res = await fetch(`${e2e.baseUrl}/api/v1/auth/login-by-email-otp`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, otp: await e2e.lastCode(email) }),
  });
  return ((await res.json()) as { accessToken: string }).accessToken;
}
