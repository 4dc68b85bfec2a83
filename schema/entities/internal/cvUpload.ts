import { defineEntity } from '../../lib/define';
import { f } from '../../lib/fields';

/**
 * A CV file taken by the CV upload, kept as a draft until a profile takes it. Its storage key is
 * the draft reference the upload hands out: only its uploader may attach it, to the candidate it
 * was uploaded for (or to a new profile), and only once. Drafts no profile took, and files no
 * profile refers to any more, are deleted by the purge_cv_uploads job.
 */
export const cvUpload = defineEntity({
  name: 'cvUpload',
  table: 'cv_uploads',
  subject: 'CvUpload',
  fields: {
    key: f.string({ required: true, unique: true, max: 300 }),
    /** Who uploaded it: a role of USER_ROLES and the row id in that role's table. */
    uploaderRole: f.enum({ admin: 1, company: 2, candidate: 3, raasCompany: 4, community: 5 }, { required: true }),
    uploaderId: f.integer({ required: true }),
    /** The candidate it was uploaded for; empty for a profile still to be created. */
    candidateId: f.ref('candidate', { onDelete: 'set null' }),
    /** When a profile took it; a taken file is never attached again. */
    attachedAt: f.datetime(),
    /**
     * What the blind CV takes from the file (the name on it, to remove, then summary, experiences, educations, skills;
     * no contact detail), kept from the file's one reading: a blind CV download never reads the file again.
     */
    blindDraft: f.json(),
    ...f.timestamps(),
  },
  indexes: [['attachedAt', 'createdAt']],
  permissions: {},
});
