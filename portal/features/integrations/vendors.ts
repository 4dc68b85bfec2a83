/**
 * What each ATS asks for when it is connected, in its own words: the fields the dialog shows, where
 * in the vendor's own screens the values are shown (a link to the vendor's guide), and whether an
 * environment applies (only to the kinds that connect; a recorded kind has none). "Other" asks for
 * the name of the system.
 */
import type { AtsKindRow } from '../../api/integrations';

export type Field = 'subdomain' | 'apiKey' | 'accessToken' | 'clientId' | 'clientSecret' | 'name';

export interface VendorGuide {
  fields: Field[];
  /** The vendor's page that shows where the credentials are made, or null when there are none to make. */
  link: string | null;
  /** Whether the integration records which of the vendor's environments it points at. */
  environment: boolean;
}

const GUIDES: Record<string, VendorGuide> = {
  workable: {
    fields: ['subdomain', 'accessToken'],
    link: 'https://workable.readme.io/reference/generate-an-access-token',
    environment: true,
  },
  ashby: { fields: ['apiKey'], link: 'https://developers.ashbyhq.com/reference/authentication', environment: true },
  greenhouse: {
    fields: ['clientId', 'clientSecret'],
    link: 'https://support.greenhouse.io/hc/en-us/articles/5888163769883-Create-a-Harvest-API-key-for-an-integration',
    environment: true,
  },
  lever: { fields: [], link: null, environment: true },
  other: { fields: ['name'], link: null, environment: false },
};

const RECORDED: VendorGuide = { fields: [], link: null, environment: false };

export const guideOf = (kind: Pick<AtsKindRow, 'key'>): VendorGuide => GUIDES[kind.key] ?? RECORDED;

/** The kinds that connect for real, not only recorded. */
export const connects = (kind: Pick<AtsKindRow, 'connect'>): boolean => kind.connect !== 'none';

/** Secrets are typed as passwords and never shown back. */
export const secret = (field: Field): boolean =>
  field === 'apiKey' || field === 'accessToken' || field === 'clientSecret';
