/** Days of a daylight-saving change ahead, for tests of times read on a zone's clock across it. */

/** Next year's last Sunday of March (midnight UTC), when London's clocks go from 01:00 GMT to 02:00 BST. */
export function springForward(): Date {
  const year = new Date().getUTCFullYear() + 1;
  const last = new Date(Date.UTC(year, 2, 31));
  return new Date(Date.UTC(year, 2, 31 - last.getUTCDay()));
}

/** The calendar day (YYYY-MM-DD, UTC) `days` after `from`. */
export const dayAfter = (from: Date, days: number) =>
  new Date(from.getTime() + days * 86_400_000).toISOString().slice(0, 10);
