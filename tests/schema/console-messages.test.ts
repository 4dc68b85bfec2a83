import { describe, expect, it } from 'vitest';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { en } from '../../i18n';

describe("The console's own messages come from the catalogue", () => {
  const i18n = polyglotI18nProvider(() => en, 'en', { allowMissing: true });

  it.each([
    ['ra.notification.updated', { smart_count: 1 }, 'Saved successfully'],
    ['ra.notification.updated', { smart_count: 3 }, '3 records saved'],
    ['ra.notification.item_doesnt_exist', {}, 'This record no longer exists'],
    ['ra.auth.logout', {}, 'Log out'],
  ])('%s reads "%s"', (key, options, text) => {
    expect(i18n.translate(key, options)).toBe(text);
  });

  it('No stock react-admin wording is left', () => {
    const texts = JSON.stringify(en.ra);
    expect(texts).not.toContain('Element');
    expect(texts).not.toContain('Logout');
  });
});
