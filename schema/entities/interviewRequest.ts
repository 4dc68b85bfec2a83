import { defineEntity } from '../lib/define';
import { f } from '../lib/fields';
import { REQUEST_CHANNEL, REQUEST_KIND, REQUEST_STATE } from '../rules/pipeline';

/**
 * An interview request or a job description sent to a candidate of a project (spec sections 2, 4
 * and 7): its single-use answer token (stored as a hash), who sent it and how, its state, and the
 * candidate's answer with their reasons. Expires after 3 days.
 */
export const interviewRequest = defineEntity({
  name: 'interviewRequest',
  table: 'interview_requests',
  subject: 'InterviewRequest',
  idPrefix: 'InterviewRequest:',
  fields: {
    guid: f.guid(),
    projectId: f.ref('project', { required: true, onDelete: 'cascade' }),
    candidateId: f.ref('candidate', { required: true, onDelete: 'cascade' }),
    companyId: f.ref('company', { onDelete: 'cascade' }),
    kind: f.enum(REQUEST_KIND, {
      required: true,
      labels: { interview: 'Interview request', whitelist: 'Job description' },
    }),
    channel: f.enum(REQUEST_CHANNEL, { required: true, default: 1, labels: { email: 'Email', whatsapp: 'WhatsApp' } }),
    state: f.enum(REQUEST_STATE, { required: true, default: 0, index: true }),
    tokenHash: f.secret({ max: 128, unique: true }),
    sentByAdminId: f.ref('admin', { onDelete: 'set null' }),
    sentByUserId: f.ref('companyUser', { onDelete: 'set null' }),
    sentByName: f.string({ max: 200 }),
    jdHeader: f.string({ max: 60 }),
    jdBody: f.text({ max: 1024 }),
    jdFooter: f.string({ max: 60 }),
    scheduleData: f.json({ max: 4000 }),
    expiresAt: f.datetime({ required: true, index: true }),
    answeredAt: f.datetime(),
    // When the delivery job queued the email (and WhatsApp message), and when the answer was reported: each happens once.
    deliveredAt: f.datetime({ readOnly: true, hidden: true }),
    answerNotifiedAt: f.datetime({ readOnly: true, hidden: true }),
    responseMethod: f.string({ max: 20 }),
    rejectReasons: f.stringList({ max: 10 }),
    rejectText: f.text({ max: 2000 }),
    ...f.timestamps(),
  },
  indexes: [['projectId', 'candidateId', 'kind']],
  permissions: {
    admin: { read: true },
    company: { read: { when: 'ownCompany' } },
    raasCompany: { read: { when: 'ownCompany' } },
  },
  admin: {
    label: 'Interview requests',
    recordLabel: 'Interview request',
    titleField: 'kind',
    group: 'dashboards',
    list: {
      columns: [
        'createdAt',
        'kind',
        'state',
        'channel',
        'companyId',
        'projectId',
        'candidateId',
        'sentByName',
        'answeredAt',
      ],
      sort: ['createdAt', 'DESC'],
      filters: ['companyId', 'projectId', 'state', 'channel', 'kind'],
    },
  },
});
