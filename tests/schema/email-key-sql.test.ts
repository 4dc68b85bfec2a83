/**
 * emailKey (schema/lib/email.ts, the mailbox key an erasure keeps a hash of) and emailKeySql (the
 * duplicate finder's key, in SQL) agree on addresses as they are stored: one rule, written twice.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Knex } from 'knex';
import { emailKeySql } from '../../backend/features/duplicates';
import { emailKey, normaliseEmail } from '../../schema';
import { testDatabase } from '../helpers/db';

const SAMPLES = [
  'john.doe@gmail.com',
  'John.Doe+CV@gmail.com',
  'j.o.h.n+a+b@googlemail.com',
  'JohnDoe@GoogleMail.com',
  'john.doe+tag@example.com',
  'john.doe@example.com',
  '+onlytag@example.org',
  'anna@münchen.de',
  'anna+jobs@xn--mnchen-3ya.de',
  'Anna@MU\u0308NCHEN.de',
  'x.y@gmail.com.au',
  'a.b+c@sub.gmail.com',
  'josé+1@example.com',
  'no-at-sign',
];

let knex: Knex;
beforeAll(async () => {
  knex = (await testDatabase()).knex;
});

describe('The mailbox key in JavaScript and in SQL', () => {
  it('is the same for every sample address as stored (its one spelling)', async () => {
    const stored = SAMPLES.map((s) => normaliseEmail(s) as string);
    const { rows } = await knex.raw(
      `select e, ${emailKeySql('lower(btrim(e))')} as key from unnest(?::text[]) with ordinality as s(e, n) order by n`,
      [stored],
    );
    expect(rows.map((r: { key: string }) => r.key)).toEqual(stored.map(emailKey));
  });
});
