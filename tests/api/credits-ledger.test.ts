/**
 * The ledger through its exported functions on a real PostgreSQL: concurrency, idempotency,
 * rollback with the caller's change, expiry, the free trial, and balances rebuilt from the log.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  balanceOf,
  deleteCredits,
  expireLots,
  grantCredits,
  ledgerMismatches,
  spendCredits,
  updateCredits,
} from '../../backend/features/credits';
import type { Actor } from '../../schema/roles';
import { testApp, type TestApp } from '../helpers/app';

let t: TestApp;
let admin: Actor;
let seq = 0;

beforeAll(async () => {
  t = await testApp();
  const a = await t.knex('admins').where('email', 'admin@example.com').first('id');
  admin = { role: 'admin', id: a.id, adminType: 'general' };
});
afterAll(async () => {
  await t?.knex.destroy();
});

/** A fresh company past its free trial, so charges take credits. */
async function company(trialEndsAt: string | null = null): Promise<number> {
  seq += 1;
  const [row] = await t
    .knex('companies')
    .insert({
      company_name: `Ledger Test ${seq} Pte Ltd`,
      valid_domains: [`ledger${seq}.example.com`],
      company_type: 4,
      status: 1,
      trial_ends_at: trialEndsAt,
    })
    .returning('id');
  return row.id;
}

const grant = (companyId: number, amount: number, expiryDate?: string) =>
  t.knex.transaction((trx) => grantCredits(trx, { companyId, amount, expiryDate, source: 'admin', actor: admin }));

const charge = (
  companyId: number,
  key: string,
  amount = 1,
  action: 'projectCreation' | 'guaranteeCandidate' = 'projectCreation',
) =>
  t.knex.transaction((trx) =>
    spendCredits(trx, { companyId, amount, action, projectId: 7, actor: admin, idempotencyKey: key }),
  );

const logCount = async (companyId: number) =>
  Number((await t.knex('credit_logs').where('company_id', companyId).count({ n: '*' }))[0].n);

function day(offset: number): string {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + offset);
  return d.toISOString().slice(0, 10);
}

describe('The credit ledger', () => {
  it('50 simultaneous charges against a balance of 10: exactly 10 succeed, the balance ends at 0 and the log has 10 charges', async () => {
    const c = await company();
    await grant(c, 10);
    const results = await Promise.allSettled(Array.from({ length: 50 }, (_, i) => charge(c, `race-${c}-${i}`)));
    const ok = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r) => r.status === 'rejected') as PromiseRejectedResult[];
    expect(ok).toHaveLength(10);
    expect(refused.every((r) => r.reason.code === 'credits.errors.insufficient' && r.reason.status === 409)).toBe(true);
    expect(await balanceOf(t.knex, c)).toBe(0);
    expect(Number((await t.knex('credit_logs').where({ company_id: c, action: 5 }).count({ n: '*' }))[0].n)).toBe(10);
    expect(await ledgerMismatches(t.knex)).toEqual([]);
  });

  it('The same charge sent twice with one idempotency key charges once, even at the same moment', async () => {
    const c = await company();
    await grant(c, 5);
    const [a, b] = await Promise.all([charge(c, `once-${c}`), charge(c, `once-${c}`)]);
    expect([a.replayed, b.replayed].sort()).toEqual([false, true]);
    expect(a.logId).toBe(b.logId);
    const again = await charge(c, `once-${c}`);
    expect(again.replayed).toBe(true);
    expect(await balanceOf(t.knex, c)).toBe(4);
    expect(await logCount(c)).toBe(2);
  });

  it('A charge the balance cannot cover is refused with a clear message and changes nothing', async () => {
    const c = await company();
    await grant(c, 1);
    await charge(c, `half-${c}-1`, 0.5, 'guaranteeCandidate');
    const before = await t.knex('credit_lots').where('company_id', c).select();
    await expect(charge(c, `big-${c}`, 1)).rejects.toMatchObject({
      status: 409,
      code: 'credits.errors.insufficient',
      message: expect.stringContaining('balance is 0.5'),
    });
    expect(await t.knex('credit_lots').where('company_id', c).select()).toEqual(before);
    expect(await logCount(c)).toBe(2);
    expect(await balanceOf(t.knex, c)).toBe(0.5);
  });

  it('A failure between the charge and the change that follows it in the same transaction leaves both as before', async () => {
    const c = await company();
    await grant(c, 3);
    await expect(
      t.knex.transaction(async (trx) => {
        await spendCredits(trx, {
          companyId: c,
          amount: 1,
          action: 'projectUpgrade',
          projectId: 9,
          actor: admin,
          idempotencyKey: `rb-${c}`,
        });
        await trx('companies').where('id', c).update({ checked: true });
        throw new Error('the project change failed');
      }),
    ).rejects.toThrow('the project change failed');
    expect(await balanceOf(t.knex, c)).toBe(3);
    expect(await logCount(c)).toBe(1);
    expect((await t.knex('companies').where('id', c).first('checked')).checked).toBe(false);
    // The key was never used, so a retry charges.
    expect((await charge(c, `rb-${c}`)).replayed).toBe(false);
  });

  it('Spends from the lot that expires first, and halves stay exact', async () => {
    const c = await company();
    const late = await grant(c, 2, day(200));
    const soon = await grant(c, 1, day(3));
    await charge(c, `fifo-${c}-1`, 0.5, 'guaranteeCandidate');
    const lots = Object.fromEntries(
      (await t.knex('credit_lots').where('company_id', c).select('id', 'remaining')).map((l) => [l.id, l.remaining]),
    );
    expect(lots[soon.lotId as number]).toBe(0.5);
    expect(lots[late.lotId as number]).toBe(2);
    await charge(c, `fifo-${c}-2`, 1);
    expect(await balanceOf(t.knex, c)).toBe(1.5);
    const last = await t
      .knex('credit_logs')
      .where('company_id', c)
      .orderBy('id', 'desc')
      .first('balance_after', 'amount', 'project_id');
    expect(last).toMatchObject({ balance_after: 1.5, amount: -1, project_id: 7 });
  });

  it('Admin updates and deletes are logged with the difference and the balance after', async () => {
    const c = await company();
    const lot = await grant(c, 5);
    const updated = await t.knex.transaction((trx) =>
      updateCredits(trx, { companyId: c, lotId: lot.lotId as number, amount: 8, actor: admin }),
    );
    expect(updated.balanceAfter).toBe(8);
    const deleted = await t.knex.transaction((trx) =>
      deleteCredits(trx, { companyId: c, lotId: lot.lotId as number, actor: admin }),
    );
    expect(deleted.balanceAfter).toBe(0);
    const log = await t
      .knex('credit_logs')
      .where('company_id', c)
      .orderBy('id')
      .select('action', 'amount', 'balance_after', 'by_name');
    expect(log.map((l) => [l.action, l.amount, l.balance_after])).toEqual([
      [1, 5, 5],
      [2, 3, 8],
      [3, -8, 0],
    ]);
    expect(log[0].by_name).toBeTruthy();
    // Another company's lot is not found through this company.
    const other = await company();
    await expect(
      t.knex.transaction((trx) => deleteCredits(trx, { companyId: other, lotId: lot.lotId as number, actor: admin })),
    ).rejects.toMatchObject({
      status: 404,
    });
  });

  it('The daily job writes off expired lots once, with a log entry each', async () => {
    const c = await company();
    const lot = await grant(c, 4, day(2));
    await grant(c, 1, day(30));
    expect(await expireLots(t.knex, day(3))).toBe(1);
    expect(await expireLots(t.knex, day(3))).toBe(0);
    expect((await t.knex('credit_lots').where('id', lot.lotId).first('remaining')).remaining).toBe(0);
    const entry = await t.knex('credit_logs').where({ company_id: c, action: 10 }).first('amount', 'by_name');
    expect(entry).toMatchObject({ amount: -4, by_name: 'System' });
    expect(await ledgerMismatches(t.knex)).toEqual([]);
  });

  it('During the free trial a plan charge costs nothing and is logged once', async () => {
    const c = await company(day(10));
    const res = await charge(c, `trial-${c}`);
    expect(res).toMatchObject({ trial: true, charged: 0, replayed: false });
    expect((await charge(c, `trial-${c}`)).replayed).toBe(true);
    expect(await logCount(c)).toBe(1);
    // After the trial the same balance (none) refuses.
    const after = await company(day(-1));
    await expect(charge(after, `posttrial-${after}`)).rejects.toMatchObject({ code: 'credits.errors.insufficient' });
  });

  it('Refuses amounts that are not whole halves and unknown actions without moving anything', async () => {
    const c = await company();
    await grant(c, 2);
    await expect(charge(c, `bad-${c}`, 0.3)).rejects.toMatchObject({ status: 400 });
    await expect(charge(c, `bad-${c}`, -1)).rejects.toMatchObject({ status: 400 });
    await expect(
      t.knex.transaction((trx) =>
        spendCredits(trx, {
          companyId: c,
          amount: 1,
          action: 'addedByAdmin' as never,
          actor: admin,
          idempotencyKey: 'x',
        }),
      ),
    ).rejects.toMatchObject({ status: 400 });
    await expect(grant(c, 1.5)).rejects.toMatchObject({ fields: { noOfCredits: 'noOfCredits.errors.NotWholeNumber' } });
    expect(await balanceOf(t.knex, c)).toBe(2);
  });

  it('Balances rebuilt from the log agree with the lots after a random history of thousands of movements', async () => {
    const companies = [await company(), await company(), await company()];
    let rand = 42;
    const next = () => (rand = (rand * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const lots: Record<number, number[]> = {};
    let moves = 0;
    for (let round = 0; round < 300; round++) {
      await Promise.all(
        companies.map(async (c) => {
          for (let k = 0; k < 3; k++) {
            const r = next();
            try {
              if (r < 0.3) {
                const g = await grant(c, 1 + Math.floor(next() * 5), day(1 + Math.floor(next() * 400)));
                (lots[c] ??= []).push(g.lotId as number);
              } else if (r < 0.38 && lots[c]?.length) {
                const id = lots[c][Math.floor(next() * lots[c].length)];
                await t.knex.transaction((trx) =>
                  updateCredits(trx, { companyId: c, lotId: id, amount: 1 + Math.floor(next() * 4), actor: admin }),
                );
              } else if (r < 0.42 && lots[c]?.length) {
                const id = lots[c].splice(Math.floor(next() * lots[c].length), 1)[0];
                await t.knex.transaction((trx) => deleteCredits(trx, { companyId: c, lotId: id, actor: admin }));
              } else {
                await charge(
                  c,
                  `hist-${c}-${round}-${k}`,
                  next() < 0.5 ? 0.5 : 1,
                  next() < 0.5 ? 'guaranteeCandidate' : 'projectCreation',
                );
              }
              moves += 1;
            } catch (err) {
              if ((err as { code?: string }).code !== 'credits.errors.insufficient') throw err;
            }
          }
        }),
      );
    }
    expect(moves).toBeGreaterThan(2000);
    expect(await ledgerMismatches(t.knex)).toEqual([]);
    for (const c of companies) {
      const rebuilt = await t
        .knex('credit_logs')
        .where('company_id', c)
        .first(t.knex.raw('sum(amount)::text as total'));
      const last = await t.knex('credit_logs').where('company_id', c).orderBy('id', 'desc').first('balance_after');
      const balance = await balanceOf(t.knex, c);
      expect(Number(rebuilt.total)).toBe(balance);
      expect(Number(last.balance_after)).toBe(balance);
      expect(balance).toBeGreaterThanOrEqual(0);
      // Every entry's balance after is the running sum of the amounts before it.
      const entries = await t
        .knex('credit_logs')
        .where('company_id', c)
        .orderBy('id')
        .select('amount', 'balance_after');
      let running = 0;
      for (const e of entries) {
        running += Math.round(Number(e.amount) * 2);
        expect(Math.round(Number(e.balance_after) * 2)).toBe(running);
      }
    }
  }, 240_000);
});
