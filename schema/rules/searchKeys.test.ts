import { describe, expect, it } from 'vitest';
import { refusedSearchKeys, searchUrlFor } from './searchKeys';

const company = (field: string) => !['name', 'latestCompanyName', 'ownerId', 'candidateStatus'].includes(field);
const admin = () => true;

describe('searchUrlFor', () => {
  it("leaves out the admins' keys a company may not use, keeping every other part as written", () => {
    expect(searchUrlFor('/search?jt=4&ns=Ava%20Tan&cn=Hidden+Co&ad=2&cs=3&cs=1&r=1', company)).toBe('/search?jt=4&r=1');
    expect(searchUrlFor('jt=4&n%73=Ava', company)).toBe('jt=4');
    expect(searchUrlFor('?ns=Ava', company)).toBe('?');
  });

  it('keeps the address as it is for admins, and for an address without admin keys', () => {
    const url = '/search?jt=4&ns=Ava%20Tan';
    expect(searchUrlFor(url, admin)).toBe(url);
    expect(searchUrlFor('/search?jt=4&r=1', company)).toBe('/search?jt=4&r=1');
    expect(searchUrlFor(null, company)).toBeNull();
    expect(searchUrlFor('', company)).toBe('');
  });

  it('names the refused keys', () => {
    expect([...refusedSearchKeys(company)].sort()).toEqual(['ad', 'cn', 'cs', 'ns']);
    expect(refusedSearchKeys(admin).size).toBe(0);
  });
});
