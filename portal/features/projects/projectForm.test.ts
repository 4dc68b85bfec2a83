/**
 * The project form's errors after a change (the add modal and the settings panel alike): a changed
 * field's error goes, under the request field's name; a file stands for the typed job description
 * and is checked at once; changed interview slots drop the slots' errors; other fields' errors stay.
 */
import { describe, expect, it } from 'vitest';
import { errorsAfterChange } from './projectForm';

const P = 'portal.projectsPortal.errors';

describe('Project form errors after a change', () => {
  it("a changed field's error goes, keyed by the request field's name; the others stay", () => {
    const errors = { title: `${P}.titleRequired`, jobTitleId: `${P}.jobTitleRequired`, ownerId: `${P}.ownerRequired` };
    expect(errorsAfterChange(errors, { jobTitle: { id: '1', label: 'Engineer' } })).toEqual({
      title: `${P}.titleRequired`,
      ownerId: `${P}.ownerRequired`,
    });
    expect(errorsAfterChange(errors, { title: 'Lead' })).toEqual({
      jobTitleId: `${P}.jobTitleRequired`,
      ownerId: `${P}.ownerRequired`,
    });
    expect(errors).toHaveProperty('title');
  });

  it('a file clears the job description error and is checked at once', () => {
    const errors = { jobDescription: `${P}.jobDescriptionRequired`, jdFile: `${P}.jdFileType` };
    expect(errorsAfterChange(errors, { jdFile: new File(['%PDF'], 'role.pdf') })).toEqual({});
    expect(errorsAfterChange(errors, { jdFile: new File(['text'], 'role.txt') })).toEqual({
      jdFile: `${P}.jdFileType`,
    });
    expect(errorsAfterChange(errors, { jdFile: null })).toEqual({});
    expect(errorsAfterChange(errors, { jobDescription: 'We hire' })).toEqual({ jdFile: `${P}.jdFileType` });
  });

  it("changed interview slots drop every slot's error", () => {
    const errors = { 'dateTimeSlots.0': `${P}.slotIncomplete`, 'dateTimeSlots.2': `${P}.slotOrder`, title: 'x' };
    expect(errorsAfterChange(errors, { dateTimeSlots: [] })).toEqual({ title: 'x' });
  });
});
