/** A tag's icon is one of the fixed icon set: any other name is refused at the field, with its message. */
import { beforeAll, describe, expect, it } from 'vitest';
import { t as text } from '../../i18n';
import { TAG_ICONS } from '../../schema/rules/tagIcons';
import { testApp, type TestApp } from '../helpers/app';

describe('Tag icons', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await testApp();
    token = await t.login('admin@example.com');
  });

  const post = (body: Record<string, unknown>) =>
    t.http.post('/api/v1/tags').set('Authorization', `Bearer ${token}`).send(body);
  const tag = (identifier: string, icon: unknown) => ({
    name: 'Night owl',
    description: 'Prefers late shifts',
    identifier,
    icon,
  });

  it.each([['not-an-icon-xyz'], ['Whatshot'], ['star|bolt'], ['bedtime'], ['']])(
    'An icon named %j is refused at the icon field',
    async (icon) => {
      const res = await post(tag('nightowl', icon));
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(Object.keys(res.body.error.fields)).toEqual(['icon']);
      if (icon !== '') {
        expect(res.body.error.fields.icon).toBe('tags.errors.icon');
        expect(text(res.body.error.fields.icon)).toBe('Choose one of the icons shown');
      }
      await expect(t.knex('tags').where('identifier', 'nightowl').first()).resolves.toBeUndefined();
    },
  );

  it('An icon of the set is saved, and changing it to a free name is refused', async () => {
    const created = await post(tag('nightowl', 'schedule'));
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const res = await t.http
      .put(`/api/v1/tags/${encodeURIComponent(created.body.id)}`)
      .set('Authorization', `Bearer ${token}`)
      .send({ ...tag('nightowl', 'not-an-icon-xyz') });
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toEqual({ icon: 'tags.errors.icon' });
    await expect(t.knex('tags').where('identifier', 'nightowl').first('icon')).resolves.toEqual({ icon: 'schedule' });
  });

  it('Every demo tag wears an icon of the set', async () => {
    const icons = await t.knex('tags').pluck('icon');
    expect(icons.length).toBeGreaterThan(0);
    for (const icon of icons) expect(TAG_ICONS).toContain(icon);
  });
});
