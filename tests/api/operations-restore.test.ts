/**
 * A restore, tried once: a base backup of the run's PostgreSQL taken while it serves (PostgreSQL's
 * low-level backup calls with its own binaries, as docs/operations.md describes), started as a
 * server of its own, and the product pointed at it answers from it: migrations current, the
 * sessions and data of the moment of the backup there, a write made after it not.
 */
import request from 'supertest';
import { describe, expect, inject, it } from 'vitest';
import { createApp } from '../../backend/app';
import { createKnex } from '../../backend/db/knex';
import { testApp, TEST_SECRET } from '../helpers/app';
import { atFileEnd, listenUntilFileEnd } from '../helpers/fileEnd';
import { restoreCopy } from '../helpers/replica';
import { loadConfig } from '../../backend/config';

describe('Restore from a base backup', () => {
  it('Brings back the database as it was when the backup was taken, and the product answers from it', async () => {
    const t = await testApp();
    const owner = await t.login('owner@acme.example.com');
    const admin = await t.login('admin@example.com');
    const { id } = await t.knex('candidates').where('email', 'candidate@example.com').first('id');
    await t.http
      .put(`/api/v1/candidates/Candidate:${id}`)
      .set('Authorization', `Bearer ${admin}`)
      .send({ summary: 'Kept by the nightly backup: orbital mechanics.' })
      .expect(200);

    const restored = await restoreCopy(inject('pgAdminUrl'));
    // Written after the backup: not in the restored copy.
    await t.http
      .put(`/api/v1/candidates/Candidate:${id}`)
      .set('Authorization', `Bearer ${admin}`)
      .send({ summary: 'Written after the backup: deep sea welding.' })
      .expect(200);

    const knex = createKnex(restored.urlOf(new URL(t.url).pathname.slice(1)), { max: 3 });
    atFileEnd(() => knex.destroy());
    const config = loadConfig({ secret: TEST_SECRET, env: 'test', worker: false, uploadDir: t.config.uploadDir });
    const http = request(await listenUntilFileEnd(createApp({ knex, config })));

    const ready = await http.get('/ready');
    expect(ready.body.checks?.migrations, JSON.stringify(ready.body)).toBe('ok');
    const as = (url: string) => http.get(url).set('Authorization', `Bearer ${owner}`);
    const kept = await as('/api/v1/search?ts=orbital mechanics');
    expect(kept.status, JSON.stringify(kept.body)).toBe(200);
    expect(kept.body.docs.map((d: { id: string }) => d.id)).toEqual([`Candidate:${id}`]);
    expect((await as('/api/v1/search?ts=deep sea welding')).body.totalResults).toBe(0);
    expect((await as(`/api/v1/search/candidates/Candidate:${id}`)).body.summary).toBe(
      'Kept by the nightly backup: orbital mechanics.',
    );
    // The restored server takes writes of its own.
    await http
      .put(`/api/v1/candidates/Candidate:${id}`)
      .set('Authorization', `Bearer ${admin}`)
      .send({ summary: 'Written on the restored server.' })
      .expect(200);
    expect((await t.knex('candidates').where({ id }).first('summary')).summary).toBe(
      'Written after the backup: deep sea welding.',
    );
  });
});
