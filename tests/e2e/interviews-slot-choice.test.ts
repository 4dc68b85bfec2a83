/**
 * The candidate's answer page lets them choose one of several proposed times, in the request's zone (named), on a
 * laptop and on a phone: accepting without a choice asks for one; a time another candidate booked first is refused
 * and disabled, and the candidate books another; the confirmation names the time booked, and so does the invitation.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { startE2E, type E2E } from '../helpers/e2e';
import { apiToken } from '../helpers/apiToken';
import { activeCandidates } from '../helpers/interviews';
import { secondCandidateLink } from '../helpers/interviewsE2E';
import { runJobs } from '../helpers/jobs';

let e2e: E2E;
let ownerToken: string;
let pool: number[];

const year = new Date().getUTCFullYear() + 1;
const FIRST = `${year}-03-02T10:00`;
const SECOND = `${year}-03-03T10:00`;
/** How the page writes each time: 10:00 in Singapore, 45 minutes, with the zone named (the reader's own time may follow). */
const FIRST_TEXT = `2 Mar ${year}, 10:00 am–10:45 am (Singapore, GMT+8)`;
const SECOND_TEXT = `3 Mar ${year}, 10:00 am–10:45 am (Singapore, GMT+8)`;

beforeAll(async () => {
  e2e = await startE2E();
  ownerToken = await apiToken(e2e, 'owner@acme.example.com');
  pool = await activeCandidates(e2e.db.knex, 4, { skip: 130 });
});

describe('Choosing an interview time on the answer page', () => {
  for (const [i, viewport] of [
    { width: 1440, height: 900 },
    { width: 390, height: 844 },
  ].entries())
    it(`books the time chosen, another once the first is taken (${viewport.width}×${viewport.height})`, async () => {
      const { path, email } = await secondCandidateLink(
        e2e,
        ownerToken,
        `Slot Engineer ${i}`,
        pool.slice(i * 2, i * 2 + 2),
        {
          slots: [FIRST, SECOND],
          booked: SECOND,
          // One interviewer per viewport: the first's booking of SECOND would hold the second's.
          interviewerEmail: `ivy${i}@acme.example.com`,
        },
      );
      const page = await e2e.newPage(viewport);
      await page.goto(`${e2e.baseUrl}${path}`);
      await page.locator('[data-state="details"]').waitFor();
      const group = page.getByTestId('request-slots');
      await group.getByText('Choose a time (times in Asia/Singapore · Singapore (GMT+8))').waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);

      const accept = page.getByRole('button', { name: 'Accept the interview' });
      await accept.click();
      await group.getByText('Choose one of the proposed times', { exact: true }).waitFor();

      // The time the other candidate booked: refused, and no longer offered.
      await page.getByRole('radio', { name: SECOND_TEXT }).check();
      await accept.click();
      await group.getByText('Another candidate has just booked this time. Choose another one.').waitFor();
      await expect(page.getByRole('radio', { name: SECOND_TEXT }).isDisabled()).resolves.toBe(true);
      await expect(page.getByTestId('interview-request').getAttribute('data-state')).resolves.toBe('details');

      await page.getByRole('radio', { name: FIRST_TEXT }).check();
      await accept.click();
      await page.getByText(`Your interview is booked for ${FIRST_TEXT}`, { exact: false }).waitFor();
      await expect(page.getByTestId('interview-request').getAttribute('data-state')).resolves.toBe('approved');
      await page.close();

      // The invitation carries the time chosen: 10:00 in Singapore is 02:00 UTC.
      await runJobs({ url: e2e.db.url, config: e2e.config });
      const invitation = await e2e.db
        .knex('outbox_emails')
        .where('to', email)
        .where('subject', 'like', 'Invitation:%')
        .first('attachments', 'text');
      expect(invitation.text).toContain(`2 Mar ${year}`);
      expect(invitation.attachments[0].content).toContain(`DTSTART:${year}0302T020000Z`);
    });
});
