/** The candidate's consents as the API answers them (backend/features/dataRights/consents.ts). */
import { CHOSEN_PURPOSES } from '../../../schema/rules/consents';
import { formatDate } from '../../../schema/rules/dates';
import { api } from '../../../ui/api/client';

export type Purpose = (typeof CHOSEN_PURPOSES)[number];
export type Choices = Record<Purpose, boolean>;

export interface Consents {
  noticeVersion: string;
  acceptedVersion: string | null;
  acceptedAt: string | null;
  needsNotice: boolean;
  /** The candidate declined the notice: hidden from companies, only their data rights open (noticeGate.ts). */
  declined: boolean;
  consents: Record<Purpose, { granted: boolean; source: string | null; decidedAt: string | null }>;
}

export const PURPOSES = CHOSEN_PURPOSES;
/** Told when the notice dialog recorded choices, so an open profile page reads them again. */
export const CONSENTS_CHANGED = 'consents-changed';

export const readConsents = () => api<Consents>('data-rights/consents');
export const changeConsents = (body: Partial<Choices>) =>
  api<Consents>('data-rights/consents', { method: 'PUT', body });
export const acceptNotice = (version: string, consents: Choices) =>
  api<Consents>('data-rights/consents/notice', { method: 'POST', body: { version, consents } });

export const declineNotice = (version: string) =>
  api<Consents>('data-rights/consents/notice/decline', { method: 'POST', body: { version } });
/** The version of the notice in force, read by anyone: the terms and privacy pages' date. */
export const readNoticeVersion = () => api<{ version: string }>('data-rights/notice');

export const choicesOf = (c: Consents): Choices =>
  Object.fromEntries(PURPOSES.map((p) => [p, c.consents[p].granted])) as Choices;

/** A notice version as people read it: a version named by its date (2026-12-01) in the product's date format. */
export const noticeVersionLabel = (version: string): string =>
  /^\d{4}-\d{2}-\d{2}$/.test(version) ? (formatDate(version) ?? version) : version;
