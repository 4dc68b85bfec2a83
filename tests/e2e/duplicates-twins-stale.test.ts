/**
 * The duplicate review of same-named twins, in a real browser: each side is named with its profile number and email in
 * the columns (1440×900) and in the merge's confirmation; on a touch phone (390×844) the pair reads field by field,
 * nothing wider than the screen, every choice inside it and big enough to tap. A screen left behind says so: a
 * second tab merging a pair merged meanwhile, and the pair's page opened again, say it was merged, into whom and by
 * whom, with a link to the kept profile; an undo refused on the talent page (undone elsewhere) reloads the section.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { findTwins, mergeCandidates, refreshKeys } from '../../backend/features/duplicates';
import { entity } from '../../schema';
import { formatId } from '../../schema/lib/ids';
import { startE2E, type E2E } from '../helpers/e2e';

const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };
const NAME = 'Arjun Santoso';
const stamp = Date.now();

let e2e: E2E;
const pairs: { ref: string; a: number; b: number; emails: [string, string] }[] = [];
let mergeId: number;
let undoneSurvivor: number;

beforeAll(async () => {
  e2e = await startE2E();
  const { knex } = e2e.db;
  const person = async (email: string, phone: string, summary: string) => {
    const [first, last] = NAME.split(' ');
    const [{ id }] = await knex('candidates')
      .insert({ first_name: first, last_name: last, email, phone, summary })
      .returning('id');
    return id as number;
  };
  for (const n of [1, 2, 3]) {
    const emails: [string, string] = [`arjun.santoso.${n}.${stamp}@example.org`, `a.santoso.${n}.${stamp}@example.net`];
    const phone = `+65 6177 ${String(4400 + n)}`;
    const a = await person(emails[0], phone, 'School counsellor with fourteen years of experience in Quezon City.');
    const b = await person(emails[1], phone, 'Second profile of the same counsellor.');
    await refreshKeys(knex, [a, b]);
    await findTwins(knex, [a, b]);
    const pair = await knex('candidate_duplicates').where({ candidate_id: a, other_id: b }).first('id');
    pairs.push({ ref: String(formatId(entity('candidateDuplicate'), pair.id)), a, b, emails });
  }
  // The third pair merged already: its talent page offers the undo.
  const third = pairs[2];
  const num = Number(third.ref.split(':').pop());
  ({ mergeId } = await mergeCandidates(knex, { survivorId: third.a, mergedId: third.b, pairId: num, keep: {} }));
  undoneSurvivor = third.a;
});

const pairPath = (ref: string) => `/admin/duplicates/${encodeURIComponent(ref)}`;
const talentPath = (id: number) => `/admin/talent/${encodeURIComponent(String(formatId(entity('candidate'), id)))}`;

/** The pair's page on a touch phone (its own context, the admin's session cookie). */
async function onPhone(path: string): Promise<Page> {
  const signed = await e2e.signIn('admin@example.com', undefined, null, { shared: true });
  const context = await e2e.browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
  onTestFinished(() => context.close());
  await context.addCookies(await signed.context().cookies());
  const page = await context.newPage();
  await page.goto(`${e2e.baseUrl}${path}`);
  return page;
}

describe('The duplicate review of same-named twins', () => {
  it('names each side with its number and email in the columns and the confirmation (1440×900)', async () => {
    const [{ ref, a, b, emails }] = pairs;
    const page = await e2e.signIn('admin@example.com', DESKTOP, pairPath(ref));
    await page.getByRole('heading', { name: 'Same person?' }).waitFor();
    const heads = page.getByRole('columnheader');
    const first = await heads.nth(1).textContent();
    const second = await heads.nth(2).textContent();
    expect(first).toContain(`Keep ${NAME}`);
    expect(first).toContain(`#${a}, ${emails[0]}`);
    expect(second).toContain(`#${b}, ${emails[1]}`);

    await page.getByRole('button', { name: 'Merge into one profile' }).click();
    const ask = page.getByRole('dialog', { name: 'Merge these profiles?' });
    expect(await ask.textContent()).toContain(
      `${NAME} (#${b}, ${emails[1]}) will be merged into ${NAME} (#${a}, ${emails[0]})`,
    );
    await ask.getByRole('button', { name: 'Cancel' }).click();
    await ask.waitFor({ state: 'hidden' });
  });

  it('reads field by field on a touch phone (390×844): nothing cut off, every choice tappable', async () => {
    const [{ ref, a, b, emails }] = pairs;
    const page = await onPhone(pairPath(ref));
    await page.getByRole('heading', { name: 'Same person?' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    const inside = async (what: string, box: { x: number; y: number; width: number; height: number } | null) => {
      expect(box, what).not.toBeNull();
      expect(box!.x, what).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width, what).toBeLessThanOrEqual(PHONE.width);
    };
    const keeps = page.getByRole('radio', { name: new RegExp(`^Keep ${NAME}`) });
    expect(await keeps.count()).toBe(2);
    for (const n of [0, 1]) {
      const keep = keeps.nth(n);
      await keep.scrollIntoViewIfNeeded();
      const box = await keep.boundingBox();
      await inside(`keep ${n}`, box);
      expect(box!.height, 'a tap target').toBeGreaterThanOrEqual(40);
    }
    const email = page.getByRole('radiogroup', { name: 'Email', exact: true });
    for (const value of emails) {
      const label = email.getByText(value, { exact: true });
      await label.scrollIntoViewIfNeeded();
      const box = await label.boundingBox();
      await inside(value, box);
      // The address reads on a line or two, not a character a line.
      expect(box!.height, value).toBeLessThan(50);
      const radio = email.getByLabel(value, { exact: true });
      await inside(`${value}'s choice`, await radio.boundingBox());
      expect((await radio.boundingBox())!.height).toBeGreaterThanOrEqual(40);
    }
    await email.getByLabel(emails[1], { exact: true }).tap();
    expect(await email.getByLabel(emails[1], { exact: true }).isChecked()).toBe(true);
    await keeps.nth(1).tap();
    expect(await keeps.nth(1).isChecked()).toBe(true);

    await page.getByRole('button', { name: 'Merge into one profile' }).tap();
    const ask = page.getByRole('dialog', { name: 'Merge these profiles?' });
    await inside('the confirmation', await ask.boundingBox());
    const fits = (el: Element) => el.scrollWidth <= el.clientWidth + 1;
    expect(await ask.locator('.MuiDialogContent-root').evaluate(fits), 'the sentence wraps inside the dialog').toBe(
      true,
    );
    expect(await ask.textContent()).toContain(`${NAME} (#${a}, ${emails[0]}) will be merged into ${NAME} (#${b}`);
    await ask.getByRole('button', { name: 'Cancel' }).tap();
    await ask.waitFor({ state: 'hidden' });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  });
});

describe('A duplicate screen left behind', () => {
  it('says the pair was merged in another tab, into whom and by whom, with a link to the kept profile', async () => {
    const { ref, a, b } = pairs[1];
    const me = await e2e.db.knex('admins').where('email', 'admin@example.com').first('first_name', 'last_name');
    const tab1 = await e2e.signIn('admin@example.com', DESKTOP, pairPath(ref));
    const tab2 = await tab1.context().newPage();
    await tab2.setViewportSize(DESKTOP);
    await tab2.goto(`${e2e.baseUrl}${pairPath(ref)}`);
    for (const tab of [tab1, tab2]) await tab.getByRole('heading', { name: 'Same person?' }).waitFor();

    await tab1.getByRole('button', { name: 'Merge into one profile' }).click();
    await tab1.getByRole('dialog', { name: 'Merge these profiles?' }).getByRole('button', { name: 'Merge' }).click();
    await tab1.getByText(`Merged into ${NAME}`).waitFor();

    await tab2.getByRole('button', { name: 'Merge into one profile' }).click();
    await tab2.getByRole('dialog', { name: 'Merge these profiles?' }).getByRole('button', { name: 'Merge' }).click();
    const said = tab2.getByRole('alert').filter({ hasText: 'This pair has already been merged' });
    await said.waitFor();
    expect(await said.textContent()).toContain(`${NAME} was merged into ${NAME} on`);
    expect(await said.textContent()).toContain(`by ${me.first_name} ${me.last_name}`);
    expect(await tab2.getByRole('button', { name: 'Merge into one profile' }).count()).toBe(0);
    const open = said.getByRole('link', { name: `Open ${NAME}` });
    expect(await open.getAttribute('href')).toBe(talentPath(a).replace(/:/g, '%3A'));

    // The pair's page opened afresh says the same, and the link leads to the kept profile.
    await tab2.goto(`${e2e.baseUrl}${pairPath(ref)}`);
    await said.waitFor();
    await said.getByRole('link', { name: `Open ${NAME}` }).click();
    await tab2
      .getByRole('region', { name: 'Merged profiles' })
      .getByText(`${NAME} merged into this profile on`, {
        exact: false,
      })
      .first()
      .waitFor();
    expect(await e2e.db.knex('candidates').where('id', b)).toHaveLength(0);
  });

  it('reloads the merged profiles when an undo is refused because it was undone elsewhere', async () => {
    const page = await e2e.signIn('admin@example.com', DESKTOP, talentPath(undoneSurvivor));
    const section = page.getByRole('region', { name: 'Merged profiles' });
    const undo = section.getByRole('button', { name: `Undo merge: ${NAME}` });
    await undo.waitFor();
    const elsewhere = await page.request.post(`${e2e.baseUrl}/api/v1/candidate-merges/${mergeId}/undo`, {
      headers: { origin: e2e.baseUrl },
    });
    expect(elsewhere.status(), await elsewhere.text()).toBe(200);

    await undo.click();
    await page
      .getByRole('dialog', { name: `Undo the merge of ${NAME}?` })
      .getByRole('button', { name: 'Undo merge' })
      .click();
    await page.getByText('This merge has already been undone').waitFor();
    await section.getByText(new RegExp(`${NAME}: merge undone on`)).waitFor();
    expect(await section.getByRole('button', { name: /Undo merge/ }).count()).toBe(0);
  });
});
