/**
 * Moves the keyboard to the first field with an error (in the form's order), so a refused submit is never silent. An
 * interview slot's error (`dateTimeSlots.<i>`) goes to that slot's date field, which bears the name (DateSlotsField).
 */
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
  'dateTimeSlots',
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
  const [base, slot] = field.split('.');
  const i = ORDER.indexOf(base);
  // The slots in their own order, each between the last field before them and the first after them.
  const within = slot && /^\d+$/.test(slot) ? Number(slot) / (Number(slot) + 1) : 0;
  return (i === -1 ? ORDER.length : i) + within;
}
