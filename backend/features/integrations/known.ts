/**
 * Know before you reveal: before a company reveals or moves an anonymous candidate of one of its
 * projects, it can ask whether its connected ATS already has that person. The email is looked up
 * server-side through each live integration and never sent back: the answer is only which ATS and
 * since when. Only a candidate already in the project's pipeline of the caller's company can be
 * asked about (anything else is "not found"); an ATS that does not answer is left out.
 */
import { z } from 'zod';
import { INTEGRATION_STATUS } from '../../../schema/rules/ats';
import { id } from '../../../schema/validation/inputs';
import { AtsError, isLive } from '../../adapters/ats';
import { defineEndpoint } from '../../endpoints/define';
import { notFound } from '../../errors';
import { logger } from '../../logger';
import { providerOf, publicIntegration, type IntegrationRow } from './store';

export const knownEndpoints = [
  defineEndpoint({
    method: 'get',
    path: '/integrations/already-known',
    summary: "Whether the company's ATS already has a project's candidate, and since when",
    access: { action: 'read', subject: 'ProjectCandidate' },
    input: { query: z.object({ projectId: id('project'), candidateId: id('candidate') }) },
    handler: async (call) => {
      const { knex, config } = call.ctx;
      const companyId = call.actor.companyId;
      if (companyId === undefined) throw notFound();
      const found = await knex('project_candidates as pc')
        .join('projects as p', 'p.id', 'pc.project_id')
        .join('candidates as c', 'c.id', 'pc.candidate_id')
        .where({
          'pc.project_id': call.query.projectId,
          'pc.candidate_id': call.query.candidateId,
          'p.company_id': companyId,
        })
        .first('c.email');
      if (!found?.email) throw notFound();
      const rows = (await knex('integrations').where({
        company_id: companyId,
        status: INTEGRATION_STATUS.connected,
      })) as IntegrationRow[];
      const known: { ats: string; since: string }[] = [];
      for (const row of rows.filter((r) => isLive(r.kind) && r.credentials)) {
        try {
          const hit = await providerOf(knex, config, row).findByEmail(found.email);
          if (hit) known.push({ ats: publicIntegration(row).label, since: hit.since });
        } catch (err) {
          if (!(err instanceof AtsError)) logger.error({ err, integrationId: row.id }, 'ATS look-up failed');
        }
      }
      return { known };
    },
  }),
];
