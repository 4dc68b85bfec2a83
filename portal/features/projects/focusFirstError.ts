/** Moves the keyboard to the first field with an error (in the form's order), so a refused submit is never silent. */
const ORDER = [
  'title',
  'jobTitleId',
  'countries',
  'companyId',
  'ownerId',
  'advocateId',
  'headcount',
  'salaryMin',
  'salaryMax',
  'jobDescription',
  'jdFile',
];

export function focusFirstError(errors: Record<string, string>): void {
  const fields = Object.keys(errors).sort((a, b) => rank(a) - rank(b));
  requestAnimationFrame(() => {
    for (const field of fields) {
      const el = document.querySelector<HTMLElement>(
        `[role="dialog"] [name="${field}"], [role="presentation"] [name="${field}"]`,
      );
      if (el && !el.hasAttribute('hidden')) {
        el.focus();
        el.scrollIntoView({ block: 'center', behavior: 'smooth' });
        return;
      }
    }
  });
}

function rank(field: string): number {
  const i = ORDER.indexOf(field);
  return i === -1 ? ORDER.length : i;
}
