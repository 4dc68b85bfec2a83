import { describe, expect, it } from 'vitest';
import { draftOf, restorable } from './formDrafts';

describe('A form draft', () => {
  const base = { title: 'Old', salaryMax: '8000', comments: '', jdFile: null };

  it('keeps only the fields that differ from the record', () => {
    expect(draftOf({ ...base, title: 'New' }, base)).toEqual({ title: 'New' });
    expect(draftOf(base, base)).toBeUndefined();
  });

  it('never keeps secrets, files or the fields a form leaves out', () => {
    const file = new Blob(['x']);
    const values = {
      ...base,
      password: 'hunter2',
      newPassword: 'hunter3',
      apiToken: 't',
      cardNumber: '4242424242424242',
      cvc: '123',
      otp: '123456',
      jdFile: file,
      nested: { clientSecret: 's' },
      comments: 'kept',
      filters: '{"q":"x"}',
    };
    expect(draftOf(values, base, ['filters'])).toEqual({ comments: 'kept' });
  });

  it('puts back only kept fields the form has and that are not already there', () => {
    const kept = { title: 'New', gone: 'x', salaryMax: '8000', password: 'p' };
    expect(restorable(kept, { ...base, password: '' })).toEqual({ title: 'New' });
  });
});
