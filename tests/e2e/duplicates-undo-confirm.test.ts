/**
 * "Undo merge" on a kept profile's talent page asks first, at 1440×900 and at 390×844: a dialog says the merged
 * profile becomes one of its own again and that its person is emailed; Cancel leaves the merge as it is, and only
 * the dialog's "Undo merge" undoes it.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { entity } from '../../schema';
import { formatId } from '../../schema/lib/ids';
import { startE2E, type E2E } from '../helpers/e2e';
import { mergedPair, SCREENS } from '../helpers/mergedPair';

let e2e: E2E;

beforeAll(async () => {
  e2e = await startE2E();
});

describe('Undo merge on the talent page', () => {
  for (const [n, screen] of SCREENS.entries())
    it(`asks in a dialog first, at ${screen.width}×${screen.height}`, async () => {
      const [kept, merged] = await mergedPair(e2e.db.knex, `Marit${n}`, 'Aurelio', n);
      const name = `Marit${n} Aurelioo`;
      const path = `/admin/talent/${encodeURIComponent(String(formatId(entity('candidate'), kept)))}`;
      // The session only, then the talent page opened at the screen's size (a phone's console has no menu to wait for).
      const page = await e2e.signIn('admin@example.com', screen, null);
      await page.goto(`${e2e.baseUrl}${path}`);
      await page.getByRole('heading', { name: 'Merged profiles' }).waitFor();
      const button = page.getByRole('button', { name: `Undo merge: ${name}` });
      await button.click();
      const ask = page.getByRole('dialog', { name: `Undo the merge of ${name}?` });
      await ask.waitFor();
      const words = await ask.textContent();
      expect(words).toContain(`${name} becomes a profile of its own again`);
      expect(words).toContain('is emailed');
      await ask.getByRole('button', { name: 'Cancel' }).click();
      await ask.waitFor({ state: 'hidden' });
      expect(await e2e.db.knex('candidates').where('id', merged)).toHaveLength(0);
      expect(await e2e.db.knex('candidate_merges').where('merged_id', merged).first('undone_at')).toEqual({
        undone_at: null,
      });

      await button.click();
      await ask.getByRole('button', { name: 'Undo merge' }).click();
      await page.getByText(`Merge undone: ${name} is a profile of its own again`).waitFor();
      expect(await e2e.db.knex('candidates').where('id', merged)).toHaveLength(1);
    });
});
