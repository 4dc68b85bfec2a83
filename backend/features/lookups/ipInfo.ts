/**
 * `GET locations/ip-info`: a guess of the caller's country for forms to start from (a phone's dial code, a company's
 * country), read from the request's address in a database on this machine, with no call to any outside service:
 * geoip-country's copy of MaxMind's GeoLite2 country data ("This product includes GeoLite2 data created by MaxMind,
 * available from https://www.maxmind.com"). The address is the one Express trusts (TRUST_PROXY), never echoed back.
 * An address with no country (a private or loopback one) or a country the product does not list answers `null`.
 */
import { entity } from '../../../schema';
import { formatId } from '../../../schema/lib/ids';
import { readOn } from '../../db/replica';
import { defineEndpoint } from '../../endpoints/define';

const country = entity('country');

/** The country data is about 7 MB in memory: loaded on the first guess, not when the server starts. */
let geoip: Promise<typeof import('geoip-country')> | undefined;
const lookup = async (ip: string) => (await (geoip ??= import('geoip-country'))).lookup(ip);

export const ipInfoEndpoint = defineEndpoint({
  method: 'get',
  path: '/locations/ip-info',
  summary: "A guess of the caller's country from their address, read locally, for forms to start from",
  access: { action: 'read', subject: country.subject },
  handler: async ({ req, ctx }) => {
    const code = req.ip ? (await lookup(req.ip))?.country : undefined;
    const row = code
      ? ((await readOn(ctx, async (knex) =>
          knex(country.table).where('code', code).first('id', 'name', 'code', 'dial_code'),
        )) as { id: number; name: string; code: string; dial_code: string } | undefined)
      : undefined;
    return {
      success: true,
      data: row ? { id: formatId(country, row.id), name: row.name, code: row.code, dialCode: row.dial_code } : null,
    };
  },
});
