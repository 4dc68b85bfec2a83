/** How candidate documents write dates, durations and file names. Pure. */

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** '2023-03-01' → 'Mar 2023'; anything else → null. */
export function monthYear(date: string | null | undefined): string | null {
  const m = /^(\d{4})-(\d{2})/.exec(date ?? '');
  if (!m) return null;
  const month = Number(m[2]);
  return month >= 1 && month <= 12 ? `${MONTHS[month - 1]} ${m[1]}` : null;
}

/** 'Mar 2023 – present', 'Jan 2016 – Feb 2020', 'Since Mar 2023' when the end is unknown. */
export function monthRange(
  start: string | null | undefined,
  end: string | null | undefined,
  current: boolean,
): string | null {
  const from = monthYear(start);
  const to = current ? 'present' : monthYear(end);
  if (from && to) return `${from} – ${to}`;
  if (from) return `Since ${from}`;
  return to && !current ? `Until ${to}` : null;
}

/** '2011 – 2015', '2015', or null. */
export function yearRange(start: number | null | undefined, end: number | null | undefined): string | null {
  if (start && end) return start === end ? String(end) : `${start} – ${end}`;
  return start ? `Since ${start}` : end ? String(end) : null;
}

/** Whole years worked, overlapping jobs counted once (months merged), as of `today` (YYYY-MM-DD). */
export function yearsOfExperience(
  jobs: { startDate?: string | null; endDate?: string | null; currentPosition?: boolean | null }[],
  today: string,
): number {
  const month = (d: string) => Number(d.slice(0, 4)) * 12 + Number(d.slice(5, 7)) - 1;
  const spans = jobs
    .filter((j) => j.startDate)
    .map((j) => [month(j.startDate as string), month(j.currentPosition || !j.endDate ? today : j.endDate)] as const)
    .filter(([a, b]) => b >= a)
    .sort((a, b) => a[0] - b[0]);
  let total = 0;
  let reach = -Infinity;
  for (const [a, b] of spans) {
    const from = Math.max(a, reach);
    if (b + 1 > from) total += b + 1 - from;
    reach = Math.max(reach, b + 1);
  }
  return Math.floor(total / 12);
}

/** 'Senior Backend Engineer' → 'Senior-Backend-Engineer': a file name part in plain ASCII. */
export function fileSlug(text: string | null | undefined): string {
  return (text ?? '')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
}
