import { describe, expect, it } from 'vitest';
import { GUEST, type Actor } from '../roles';
import { DATA_EXPORT_SOURCE, exportRequestedBy, mayFollowExportLink } from './dataExport';

const admin: Actor = { role: 'admin', id: 3 };
const candidate: Actor = { role: 'candidate', id: 12 };
const otherCandidate: Actor = { role: 'candidate', id: 13 };
const company: Actor = { role: 'company', id: 12, companyId: 4 };

describe("An export's emailed link", () => {
  it('serves whoever holds it signed out, an admin, and the candidate it is of', () => {
    expect(mayFollowExportLink(GUEST, 12)).toBe(true);
    expect(mayFollowExportLink(admin, 12)).toBe(true);
    expect(mayFollowExportLink(candidate, 12)).toBe(true);
  });

  it('refuses another candidate and a company user, even one whose own id is the candidate’s', () => {
    expect(mayFollowExportLink(otherCandidate, 12)).toBe(false);
    expect(mayFollowExportLink(company, 12)).toBe(false);
  });
});

describe('Who asked for an export', () => {
  it('is the admin for a request received elsewhere, else the candidate', () => {
    expect(exportRequestedBy(admin)).toEqual({ source: DATA_EXPORT_SOURCE.admin, requestedById: 3 });
    expect(exportRequestedBy(candidate)).toEqual({ source: DATA_EXPORT_SOURCE.candidate, requestedById: null });
  });
});
