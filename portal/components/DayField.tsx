/** The product's day field, shared with the console and the candidate profile: ui/components/DayField.tsx. */
export { DayField } from '../../ui/components/DayField';
