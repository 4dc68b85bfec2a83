/**
 * A pair's review opened after the pair was merged elsewhere (a stale pair) offers the undo the kept profile's merges
 * list offers, under the same rule: while the undo would succeed. Undone there, the notice says so in the list's words
 * and the pair is open to review again; a merge whose survivor changed since offers no undo (1440×900).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { t } from '../../i18n';
import { findTwins, mergeCandidates, refreshKeys } from '../../backend/features/duplicates';
import { entity } from '../../schema';
import { formatId } from '../../schema/lib/ids';
import { startE2E, type E2E } from '../helpers/e2e';

const DESKTOP = { width: 1440, height: 900 };
const stamp = Date.now();
let e2e: E2E;
const pairs: { ref: string; a: number; b: number }[] = [];

beforeAll(async () => {
  e2e = await startE2E();
  const { knex } = e2e.db;
  for (const n of [1, 2]) {
    const made = [];
    for (const [email, summary] of [
      [`stale.undo.${n}.${stamp}@example.org`, 'Harbour pilot with twelve years at sea.'],
      [`s.undo.${n}.${stamp}@example.net`, 'Second profile of the same pilot.'],
    ])
      made.push(
        (
          await knex('candidates')
            .insert({ first_name: 'Mireille', last_name: `Okafor${n}`, email, phone: `+65 6188 ${5500 + n}`, summary })
            .returning('id')
        )[0].id as number,
      );
    const [a, b] = made;
    await refreshKeys(knex, [a, b]);
    await findTwins(knex, [a, b]);
    const pair = await knex('candidate_duplicates').where({ candidate_id: a, other_id: b }).first('id');
    await mergeCandidates(knex, { survivorId: a, mergedId: b, pairId: pair.id, keep: {} });
    pairs.push({ ref: String(formatId(entity('candidateDuplicate'), pair.id)), a, b });
  }
  // The second pair's kept profile changed after its merge: its undo would lose that, so it is not offered.
  await knex('candidates')
    .where('id', pairs[1].a)
    .update({ summary: 'Edited after the merge.', updated_at: knex.raw("now() + interval '1 second'") });
});

const pairPath = (ref: string) => `/admin/duplicates/${encodeURIComponent(ref)}`;

describe('A stale pair’s review', () => {
  it('offers the merges list’s undo, asked first, and once undone shows the pair open again', async () => {
    const { ref, b } = pairs[0];
    const page = await e2e.signIn('admin@example.com', DESKTOP, pairPath(ref));
    await page.getByRole('heading', { name: t('duplicates.review.resolvedMergedTitle') }).waitFor();
    const undo = page.getByRole('button', { name: `${t('duplicates.history.undo')}: Mireille Okafor1` });
    await undo.click();
    const ask = page.getByRole('dialog', { name: t('duplicates.history.confirmTitle', { name: 'Mireille Okafor1' }) });
    await ask.getByRole('button', { name: t('duplicates.history.confirmUndo') }).click();
    await page.getByText(t('duplicates.history.undoneNotice', { name: 'Mireille Okafor1' })).waitFor();
    await page.getByRole('heading', { name: t('duplicates.review.title') }).waitFor();
    const merge = await e2e.db.knex('candidate_merges').where('merged_id', b).first('undone_at');
    expect(merge.undone_at).not.toBeNull();
    expect(await e2e.db.knex('candidates').where('id', b).first('id')).toBeTruthy();
  });

  it('offers no undo when the kept profile changed since the merge', async () => {
    const page = await e2e.signIn('admin@example.com', DESKTOP, pairPath(pairs[1].ref));
    await page.getByRole('heading', { name: t('duplicates.review.resolvedMergedTitle') }).waitFor();
    await page.getByRole('link', { name: t('duplicates.review.backToQueue') }).waitFor();
    expect(await page.getByRole('button', { name: new RegExp(t('duplicates.history.undo')) }).count()).toBe(0);
  });
});
