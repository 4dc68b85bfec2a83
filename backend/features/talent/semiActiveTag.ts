/**
 * `GET /tags/semi-active-tag`: the badge semi-active candidates (status 3) wear beside the admins' tags, shaped as a
 * tag, with how many candidates wear it. Semi-active candidates are found only by those whose search returns them
 * (schema/rules/visibility.ts: admins), so anyone else is refused, and the count never reaches a company.
 */
import { CANDIDATE_STATUS } from '../../../schema/entities/talentOptions';
import { searchStatuses, viewerOf } from '../../../schema/rules/visibility';
import { t } from '../../../i18n';
import { defineEndpoint } from '../../endpoints/define';
import { forbidden } from '../../errors';

export const semiActiveTagEndpoint = defineEndpoint({
  method: 'get',
  path: '/tags/semi-active-tag',
  summary: 'The badge of semi-active candidates, shaped as a tag, with how many wear it',
  access: { action: 'read', subject: 'Tag' },
  handler: async ({ actor, ctx }) => {
    if (!searchStatuses(viewerOf(actor)).includes(CANDIDATE_STATUS.semiActive)) throw forbidden();
    // The (status, visibility) index answers this count without reading the candidates.
    const [{ n }] = await ctx.knex('candidates').where('status', CANDIDATE_STATUS.semiActive).count({ n: '*' });
    return {
      success: true,
      data: {
        identifier: 'semiactive',
        name: t('tags.semiActive.name'),
        description: t('tags.semiActive.description'),
        icon: 'schedule',
        status: 1,
        noOfTagged: Number(n),
      },
    };
  },
});
