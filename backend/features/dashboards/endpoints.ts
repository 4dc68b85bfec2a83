/**
 * The admins' dashboards (spec sections 2 and 7), all GET under /api/v1/dashboard/ and read through
 * the subject ProjectLog, which only admins may read: companies and candidates get 403.
 *   GET dashboard/activity-per-week              moves into each stage per week
 *   GET dashboard/project-overview-log-per-week  projects created, active, paused, inactive and moves, per week and company
 *   GET dashboard/ta-project-assignment-log      advocates and owning admins assigned, by whom, when
 *   GET dashboard/ta-recruitment-event-log       moves, rejections, reveals, notes, interview and qualify requests
 *   GET dashboard/recruiter                      a company's funnel, conversion, days in stage, requests, credits (recruiter.ts)
 * (dashboard/interview-request-list is the interviews capability's.)
 */
import { defineEndpoint } from '../../endpoints/define';
import { assignmentLog, assignmentQuery } from './assignmentLog';
import { overviewQuery, projectOverviewPerWeek } from './projectOverview';
import { recruiterDashboard, recruiterQuery } from './recruiter';
import { recruitmentEventLog, recruitmentQuery } from './recruitmentLog';
import { activityPerWeek, weeklyQuery } from './weekly';

const adminsOnly = { action: 'read', subject: 'ProjectLog' } as const;

export const dashboardEndpoints = [
  defineEndpoint({
    method: 'get',
    path: '/dashboard/activity-per-week',
    summary: 'Candidates moved into each recruitment stage, week by week (date range or week, company, project, admin)',
    access: adminsOnly,
    input: { query: weeklyQuery },
    handler: ({ query, ctx }) => activityPerWeek(ctx.knex, query),
  }),
  defineEndpoint({
    method: 'get',
    path: '/dashboard/project-overview-log-per-week',
    summary: 'Per week and company: projects created, active, paused and inactive, candidates moved into each stage',
    access: adminsOnly,
    input: { query: overviewQuery },
    handler: ({ query, ctx }) => projectOverviewPerWeek(ctx.knex, query),
  }),
  defineEndpoint({
    method: 'get',
    path: '/dashboard/ta-project-assignment-log',
    summary: 'Talent advocates and owning admins assigned to projects, by whom and when',
    access: adminsOnly,
    input: { query: assignmentQuery },
    handler: ({ query, ctx }) => assignmentLog(ctx.knex, query),
  }),
  defineEndpoint({
    method: 'get',
    path: '/dashboard/ta-recruitment-event-log',
    summary:
      'Every move, rejection, reveal, note, interview and qualify request, with actor, project, candidate and time',
    access: adminsOnly,
    input: { query: recruitmentQuery },
    handler: ({ query, actor, ctx }) => recruitmentEventLog(ctx.knex, actor, query),
  }),
  defineEndpoint({
    method: 'get',
    path: '/dashboard/recruiter',
    summary:
      "A company's recruiter dashboard over a period: funnel, conversion, median days in stage, interview requests, credits spent",
    access: { action: 'read', subject: 'Project' },
    input: { query: recruiterQuery },
    handler: ({ query, ability, actor, ctx }) => recruiterDashboard(ctx.knex, ability, actor, query),
  }),
];
