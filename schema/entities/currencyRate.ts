import { defineEntity } from '../lib/define';
import { f } from '../lib/fields';

/**
 * What one unit of a salary currency is worth in Singapore dollars (the default currency, spec
 * section 9). Search compares salaries across currencies with these rates, and the console sorts
 * expected salaries in one currency; admins keep them up to date in the console.
 */
export const currencyRate = defineEntity({
  name: 'currencyRate',
  table: 'currency_rates',
  resource: 'currency-rates',
  subject: 'CurrencyRate',
  fields: {
    currency: f.string({
      required: true,
      unique: true,
      max: 3,
      // Any ISO 4217 code: rates may be kept ahead of the currencies salaries are given in (SALARY_CURRENCIES).
      pattern: /^[A-Z]{3}$/,
      patternMessage: 'currency.errors.isoCode',
      uniqueMessage: 'currency.errors.exists',
      searchable: true,
    }),
    toSgd: f.decimal({ required: true, precision: [18, 8], min: 0.00000001, max: 1000000 }),
    ...f.timestamps(),
  },
  permissions: {
    admin: { manage: true },
    // Search pages convert salaries for display; every signed-in searcher may read the rates.
    company: { read: true },
    raasCompany: { read: true },
  },
  admin: {
    label: 'Currency rates',
    recordLabel: 'Currency rate',
    titleField: 'currency',
    group: 'lookups',
    list: { columns: ['currency', 'toSgd', 'updatedAt'], sort: ['currency', 'ASC'], filters: ['q'] },
    edit: { layout: [['currency', 'toSgd']] },
  },
});
