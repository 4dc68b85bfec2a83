/**
 * The answer page of a request with one proposed time another candidate booked first: pressing Accept shows the
 * refusal (no radio group draws it when there is nothing to choose) and, with no time left, the page says so and
 * no longer offers Accept; Decline stays.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { startE2E, type E2E } from '../helpers/e2e';
import { apiToken } from '../helpers/apiToken';
import { activeCandidates } from '../helpers/interviews';
import { secondCandidateLink } from '../helpers/interviewsE2E';

let e2e: E2E;
let ownerToken: string;
let pool: number[];

const year = new Date().getUTCFullYear() + 1;
const FIRST = `${year}-03-02T10:00`;

beforeAll(async () => {
  e2e = await startE2E();
  ownerToken = await apiToken(e2e, 'owner@acme.example.com');
  pool = await activeCandidates(e2e.db.knex, 2, { skip: 140 });
});

describe('Accepting the only proposed time after another candidate booked it', () => {
  it('shows the refusal, says no time is left and offers only Decline', async () => {
    const { path } = await secondCandidateLink(e2e, ownerToken, 'Single Slot Engineer', pool, { slots: [FIRST] });
    const page = await e2e.newPage({ width: 390, height: 844 });
    await page.goto(`${e2e.baseUrl}${path}`);
    await page.locator('[data-state="details"]').waitFor();
    // One time ahead: nothing to choose, so no radio group.
    await expect(page.getByRole('radio').count()).resolves.toBe(0);

    await page.getByRole('button', { name: 'Accept the interview' }).click();
    await page.getByText('Another candidate has just booked this time', { exact: false }).waitFor();
    await expect(page.getByTestId('interview-request').getAttribute('data-state')).resolves.toBe('details');
    await expect(page.getByRole('button', { name: 'Accept the interview' }).count()).resolves.toBe(0);
    await expect(page.getByRole('button', { name: 'Decline' }).isEnabled()).resolves.toBe(true);
    await page.close();
  });
});
