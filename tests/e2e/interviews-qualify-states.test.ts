/**
 * The qualify dialog tells admins what became of a candidate's earlier requests without a reply: still queued ("Not
 * sent yet") or not delivered (the provider failed, or it was refused), with why, not "No reply yet". On a server in production
 * without WhatsApp credentials it says WhatsApp is not set up and offers no Send.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { QUALIFY_STATE } from '../../schema/rules/pipeline';
import { startE2E, type E2E } from '../helpers/e2e';

let e2e: E2E;
let candidate: { id: number; guid: string; first_name: string; last_name: string; phone: string };

beforeAll(async () => {
  e2e = await startE2E();
  candidate = (await e2e.db
    .knex('candidates')
    .where({ status: 1, visibility: true, anonymous: false })
    .whereNotNull('phone')
    .where('phone_whatsapp', true)
    .orderBy('id')
    .offset(43)
    .first('id', 'guid', 'first_name', 'last_name', 'phone')) as typeof candidate;
  const request = (header: string, state: number) => ({
    candidate_id: candidate.id,
    to_phone: candidate.phone,
    header,
    body: 'Interested? Reply YES or NO.',
    state,
  });
  const [failed] = await e2e.db
    .knex('qualify_requests')
    .insert([
      request('Failed at the provider', QUALIFY_STATE.failed),
      request('Still queued', QUALIFY_STATE.queued),
      request('Went out', QUALIFY_STATE.sent),
    ])
    .returning('id');
  // Its message, failed with the reason the outbox kept (whatsappOutbox.ts markFailed).
  await e2e.db.knex('whatsapp_messages').insert({
    to: candidate.phone,
    template: 'qualify_request',
    status: 3,
    error: REASON,
    qualify_request_id: failed.id,
  });
});

const REASON = 'Not sent: the phone number is not a valid international number. Correct it on the profile.';

async function openDialog() {
  const name = encodeURIComponent(`${candidate.first_name} ${candidate.last_name}`);
  const page = await e2e.signIn('admin@example.com', undefined, `/search?ns=${name}`);
  const card = page.locator(`[data-testid="result-card"][data-guid="${candidate.guid}"]`);
  await card.waitFor();
  await card.getByTestId('qualify-request').click();
  return { page, dialog: page.getByRole('dialog', { name: 'WhatsApp qualify request' }) };
}

const chipOf = (dialog: Awaited<ReturnType<typeof openDialog>>['dialog'], header: string) =>
  dialog.getByTestId('qualify-request').filter({ hasText: header }).locator('.MuiChip-label').innerText();

describe('The qualify dialog', () => {
  it('shows a request not delivered, or still queued, as such', async () => {
    const { dialog } = await openDialog();
    await expect(chipOf(dialog, 'Failed at the provider')).resolves.toBe('Not delivered');
    await expect(dialog.getByTestId('qualify-failure').innerText()).resolves.toBe(REASON);
    await expect(chipOf(dialog, 'Still queued')).resolves.toBe('Not sent yet');
    await expect(chipOf(dialog, 'Went out')).resolves.toBe('No reply yet');
    await expect(dialog.getByRole('button', { name: 'Send' }).isEnabled()).resolves.toBe(true);
  });

  it('says WhatsApp is not set up, and offers no Send, in production without credentials', async () => {
    const { env, whatsapp } = e2e.config;
    try {
      e2e.config.env = 'production';
      e2e.config.whatsapp = { ...whatsapp, token: undefined, phoneNumberId: undefined };
      const { dialog } = await openDialog();
      await expect(
        dialog.getByRole('alert').filter({ hasText: 'WhatsApp is not set up' }).innerText(),
      ).resolves.toMatch(/qualify requests cannot be sent/);
      await expect(dialog.getByRole('button', { name: 'Send' }).isDisabled()).resolves.toBe(true);
    } finally {
      e2e.config.env = env;
      e2e.config.whatsapp = whatsapp;
    }
  });
});
