/**
 * The console follows its admin's access as it changes elsewhere, with no click and no reload (admin/layout/sessionWatch.ts,
 * backend/features/live/access.ts): a General admin made a Talent advocate on the form adding an admin, which advocates
 * may not use, is taken to the console's home with a notice; an admin deactivated is signed out at once, the sign-in
 * page saying why. On a laptop and a touch phone.
 */
import { beforeAll, describe, it, onTestFinished } from 'vitest';
import { t } from '../../i18n';
import { startE2E, type E2E } from '../helpers/e2e';
import { LIVE_SIZES, livePageOn, type LiveSize } from '../helpers/livePage';

let e2e: E2E;
let admin: number;
const ADMIN = 'admin@example.com';

const SIZES = LIVE_SIZES;

beforeAll(async () => {
  e2e = await startE2E();
  admin = ((await e2e.db.knex('admins').where('email', ADMIN).first('id')) as { id: number }).id;
});

const adminOn = (size: LiveSize, at: string) => livePageOn(e2e, ADMIN, size, at);

describe('The console follows its admin’s access', () => {
  for (const size of SIZES) {
    it(`on ${size.name}: a General admin made a Talent advocate leaves the form adding an admin`, async () => {
      const knex = e2e.db.knex;
      onTestFinished(() => knex('admins').where('id', admin).update({ role: 1, status: 1 }));
      const page = await adminOn(size, '/admin/admins/create');
      await page
        .getByLabel(/first name/i)
        .first()
        .waitFor();

      await knex('admins').where('id', admin).update({ role: 2 });
      await page.waitForURL((url) => !url.pathname.includes('/create'), { timeout: 10_000 });
      await page.getByText(t('portal.session.roleChanged')).waitFor({ timeout: 5000 });
    });
  }

  it('an admin deactivated is signed out at once, told why', async () => {
    const knex = e2e.db.knex;
    onTestFinished(() => knex('admins').where('id', admin).update({ role: 1, status: 1 }));
    const page = await adminOn(SIZES[0], '/admin/admins');
    await page.getByRole('navigation', { name: 'Console menu' }).waitFor();

    await knex('admins').where('id', admin).update({ status: 0 });
    await page.waitForURL((url) => url.pathname.startsWith('/admin/login'), { timeout: 10_000 });
    await page.getByText(t('user.notActivate')).waitFor({ timeout: 5000 });
  });
});
