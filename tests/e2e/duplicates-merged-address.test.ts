/**
 * A merged profile's address in the console (an old link, a notification, a bookmark), on a laptop: its show and edit
 * addresses open the profile it was merged into, in the same view, with the survivor's address in place of the old one
 * (Back does not lead to the merged address again) and a notice naming the survivor. Never react-admin's "Fetched
 * record's id must match the requested id" crash nor a blank page. An id that names nothing still says the record no
 * longer exists, and a profile's id written as a bare number opens at its own address.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { entity } from '../../schema';
import { formatId } from '../../schema/lib/ids';
import { startE2E, type E2E } from '../helpers/e2e';
import { mergedPair } from '../helpers/mergedPair';

const SCREEN = { width: 1440, height: 900 };
const ref = (id: number) => encodeURIComponent(String(formatId(entity('candidate'), id)));

let e2e: E2E;
let survivor: number;
let merged: number;
/** The survivor's name and last name after the merge (the merge may keep either profile's). */
let name: string;
let lastName: string;

beforeAll(async () => {
  e2e = await startE2E();
  [survivor, merged] = await mergedPair(e2e.db.knex, 'Ingeborg', 'Halvorsen', 7);
  const row = await e2e.db.knex('candidates').where('id', survivor).first('first_name', 'last_name');
  [name, lastName] = [`${row.first_name} ${row.last_name}`, row.last_name];
});

/** The errors the page threw (react-admin's id check among them) while `run` ran. */
async function pageErrors(page: Page, run: () => Promise<void>): Promise<string[]> {
  const errors: string[] = [];
  const onError = (err: Error) => errors.push(err.message);
  page.on('pageerror', onError);
  try {
    await run();
  } finally {
    page.off('pageerror', onError);
  }
  return errors;
}

const path = (page: Page) => new URL(page.url()).pathname;
const notice = () => `This profile was merged into ${name}`;

describe("A merged profile's console address", () => {
  it('opens the survivor’s show and edit pages, its address in place of the old one, with a notice', async () => {
    const page = await e2e.signIn('admin@example.com', SCREEN, null);
    const errors = await pageErrors(page, async () => {
      // react-admin's own show address, as a generated link has it.
      await page.goto(`${e2e.baseUrl}/admin/candidates/${ref(merged)}/show`);
      await page.getByRole('heading', { level: 1, name, exact: true }).waitFor();
      await page.getByText(notice(), { exact: true }).waitFor();
      await expect.poll(() => path(page)).toBe(`/admin/talent/${ref(survivor)}`);
      expect(await page.getByText('could not be loaded').count()).toBe(0);

      // The edit address: the survivor's form, filled with its values.
      await page.goto(`${e2e.baseUrl}/admin/talent/edit/${ref(merged)}`);
      await expect.poll(() => path(page)).toBe(`/admin/talent/edit/${ref(survivor)}`);
      await page.getByText(notice(), { exact: true }).first().waitFor();
      await page.getByText(`Edit talent: ${name}`, { exact: true }).first().waitFor();
      await expect.poll(() => page.getByRole('textbox', { name: 'Last name' }).inputValue()).toBe(lastName);

      // The merged address was replaced, not added: Back returns to the survivor's page opened before.
      await page.goBack();
      await expect.poll(() => path(page)).toBe(`/admin/talent/${ref(survivor)}`);
      await page.getByRole('heading', { level: 1, name, exact: true }).waitFor();
    });
    expect(errors).toEqual([]);

    // A reference naming the merged id (react-admin's getMany, as ReferenceField batches it) is answered without it,
    // not refused: the field shows nothing rather than the page failing.
    const ids = [merged, survivor].map((id) => formatId(entity('candidate'), id));
    const many = await page.evaluate(
      async (filter) => {
        const res = await fetch(`/api/v1/candidates?filter=${encodeURIComponent(filter)}`);
        return { status: res.status, ids: ((await res.json()) as { id: string }[]).map((r) => r.id) };
      },
      JSON.stringify({ id: ids }),
    );
    expect(many).toEqual({ status: 200, ids: [ids[1]] });
  });

  it('opens a profile’s address written with a bare number at its own address, without the merge notice', async () => {
    const page = await e2e.signIn('admin@example.com', SCREEN, null);
    const errors = await pageErrors(page, async () => {
      await page.goto(`${e2e.baseUrl}/admin/talent/${survivor}`);
      await page.getByRole('heading', { level: 1, name, exact: true }).waitFor();
      await expect.poll(() => path(page)).toBe(`/admin/talent/${ref(survivor)}`);
    });
    expect(errors).toEqual([]);
    expect(await page.getByText(/was merged into/).count()).toBe(0);
  });

  it('says an id that names nothing no longer exists, without the merge notice', async () => {
    const page = await e2e.signIn('admin@example.com', SCREEN, null);
    await page.goto(`${e2e.baseUrl}/admin/talent/${ref(2_000_000_000)}`);
    await page.getByText('This record no longer exists').waitFor();
    expect(await page.getByText(/was merged into/).count()).toBe(0);
  });
});
