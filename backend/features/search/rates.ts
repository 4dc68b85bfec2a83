/** Currency rates to SGD (currency_rates, edited by admins in the console), read at most every few seconds. */
import type { Knex } from 'knex';

const TTL_MS = 5_000;
const caches = new WeakMap<Knex, { at: number; rates: Promise<Map<string, number>> }>();

export function currencyRates(knex: Knex): Promise<Map<string, number>> {
  const hit = caches.get(knex);
  if (hit && Date.now() - hit.at < TTL_MS) return hit.rates;
  const rates = knex('currency_rates')
    .select('currency', 'to_sgd')
    .then((rows: { currency: string; to_sgd: number }[]) => new Map(rows.map((r) => [r.currency, Number(r.to_sgd)])));
  rates.catch(() => caches.delete(knex));
  caches.set(knex, { at: Date.now(), rates });
  return rates;
}
