/** Dates as the product shows them (locale en-SG, spec section 9): the one helper every app and email uses. */
export { formatDate, formatDateTime } from '../../schema/rules/dates';
