/**
 * A decline whose send fails keeps the form: the reasons ticked and the comment typed stay, the error shows in the
 * form, and sending again declines.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { startE2E, type E2E } from '../helpers/e2e';
import { apiToken } from '../helpers/apiToken';
import { activeCandidates, makeProject, requestEmail } from '../helpers/interviews';
import { interviewRequested } from '../helpers/interviewsE2E';

let e2e: E2E;
let ownerToken: string;

beforeAll(async () => {
  e2e = await startE2E();
  ownerToken = await apiToken(e2e, 'owner@acme.example.com');
});

/** The path of the decline link a candidate was sent for a new interview request. */
async function declineLink(): Promise<string> {
  const project = await makeProject(e2e.db.knex, { title: 'Retry Engineer', advocateEmail: 'advocate@example.com' });
  const [candidate] = await activeCandidates(e2e.db.knex, 1, { skip: 150 });
  await interviewRequested(e2e, ownerToken, project, [candidate]);
  const email = (await e2e.db.knex('candidates').where('id', candidate).first('email')).email as string;
  const link = new URL((await requestEmail(e2e.db.knex, email)).rejectUrl);
  return `${link.pathname}${link.search}`;
}

describe('Declining when the send fails', () => {
  it('keeps the reasons and the comment, shows the error, and sends again', async () => {
    const path = await declineLink();
    const page = await e2e.newPage({ width: 390, height: 844 });
    let failures = 0;
    await page.route('**/projects/interview-request/reject', async (route) => {
      if (route.request().method() === 'POST' && failures === 0) {
        failures += 1;
        return route.fulfill({ status: 503, contentType: 'application/json', body: '{}' });
      }
      return route.fallback();
    });
    await page.goto(`${e2e.baseUrl}${path}`);
    await page.getByTestId('reject-form').waitFor();
    await page.getByLabel('The salary does not match my expectations').check();
    await page.getByLabel('The timing does not work for me').check();
    const comment = page.getByLabel('Anything else you would like to say (optional)');
    await comment.fill('Happy to talk next year.');
    const send = page.getByRole('button', { name: 'Send my answer' });
    await send.click();

    await page.getByTestId('reject-error').waitFor();
    expect(failures).toBe(1);
    await expect(page.getByTestId('interview-request').getAttribute('data-state')).resolves.toBe('details');
    await expect(comment.inputValue()).resolves.toBe('Happy to talk next year.');
    await expect(page.getByLabel('The salary does not match my expectations').isChecked()).resolves.toBe(true);
    await expect(page.getByLabel('The timing does not work for me').isChecked()).resolves.toBe(true);

    await send.click();
    await page.getByText('Thank you for letting us know').waitFor();
    const row = await e2e.db
      .knex('interview_requests')
      .where('reject_text', 'Happy to talk next year.')
      .first('reject_reasons');
    expect(row?.reject_reasons).toEqual(expect.arrayContaining(['salary', 'timing']));
    await page.close();
  });
});
