/**
 * A copy of the candidate's data past its date, on their profile page: a copy whose link lapsed while the page was
 * open refuses the download and the card then says when it expired, with no Download button; so does a copy the
 * retention job marked expired. Either way a new copy can be asked for.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DATA_EXPORT_STATUS } from '../../schema/rules/dataExport';
import { startE2E, type E2E } from '../helpers/e2e';
import { runJobs } from '../helpers/jobs';

const EMAIL = 'candidate@example.com';
let e2e: E2E;
let me: Page;
let candidateId: number;
const latest = () => e2e.db.knex('data_exports').where('candidate_id', candidateId).orderBy('id', 'desc');

beforeAll(async () => {
  e2e = await startE2E();
  candidateId = (await e2e.db.knex('candidates').where('email', EMAIL).first('id')).id;
  me = await e2e.signIn(EMAIL, { width: 1280, height: 900 }, '/candidate/profile');
});
afterAll(async () => {
  await me?.close();
});

describe('A copy of my data past its date', () => {
  it('refuses the download of a lapsed copy, then says when it expired and offers a new one', async () => {
    const copy = me.getByRole('region', { name: 'Download what we hold about you' });
    await copy.scrollIntoViewIfNeeded();
    await copy.getByRole('button', { name: /Prepare a (new )?copy/ }).click();
    await copy.getByText(/Preparing your copy: \d+%/).waitFor();
    await runJobs({ url: e2e.db.url, config: e2e.config });
    await copy.getByText(/Your copy is ready\. The link we emailed you works until/).waitFor();

    // The link lapses while the page is open: the download is refused and the card reads the state again.
    const { id } = await latest().first('id');
    await e2e.db
      .knex('data_exports')
      .where('id', id)
      .update({ expires_at: new Date(Date.now() - 3_600_000) });
    await copy.getByRole('button', { name: 'Download my data' }).click();
    await copy.getByText(/Your last copy expired on .+ and can no longer be downloaded/).waitFor();
    await expect.poll(() => copy.getByRole('button', { name: 'Download my data' }).count()).toBe(0);
    expect(await copy.getByText(/Your copy is ready/).count()).toBe(0);
    await copy.getByRole('button', { name: 'Prepare a new copy' }).waitFor();
  });

  it('says the same of a copy the retention job marked expired', async () => {
    const { id } = await latest().first('id');
    await e2e.db.knex('data_exports').where('id', id).update({ status: DATA_EXPORT_STATUS.expired });
    await me.reload();
    const copy = me.getByRole('region', { name: 'Download what we hold about you' });
    await copy.getByText(/Your last copy expired on .+ and can no longer be downloaded/).waitFor();
    expect(await copy.getByRole('button', { name: 'Download my data' }).count()).toBe(0);
    await copy.getByRole('button', { name: 'Prepare a new copy' }).click();
    await copy.getByText(/Preparing your copy: \d+%/).waitFor();
  });
});
