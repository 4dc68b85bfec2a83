/**
 * The vendors' stand-ins a test file talks to: started on loopback, closed when the file ends, and
 * the app's configuration pointed at them (each started vendor's URLs, and Lever's app credentials)
 * with the file's retry limits and a 5 s timeout; a vendor not started keeps its configured URLs.
 */
import type { Config } from '../../../backend/config';
import { atFileEnd } from '../fileEnd';
import { startAshbyStandIn, type AshbyStandIn } from './ashby';
import { startGreenhouseStandIn, type GreenhouseStandIn } from './greenhouse';
import { startLeverStandIn, type LeverStandIn } from './lever';
import { startWorkableStandIn, type WorkableStandIn } from './workable';

export interface AtsStandIns {
  workable: WorkableStandIn;
  ashby: AshbyStandIn;
  greenhouse: GreenhouseStandIn;
  lever: LeverStandIn;
}
export type AtsVendor = keyof AtsStandIns;

const starts: { [V in AtsVendor]: () => Promise<AtsStandIns[V]> } = {
  workable: () => startWorkableStandIn(),
  ashby: () => startAshbyStandIn(),
  greenhouse: () => startGreenhouseStandIn(),
  lever: () => startLeverStandIn(),
};

/**
 * Starts `vendors`' stand-ins and points `config.ats` at them; answers the stand-ins in the order
 * asked: `[ws, gh] = await atsStandIns(t.config, ['workable', 'greenhouse'], limits)`.
 */
export async function atsStandIns<const V extends readonly AtsVendor[]>(
  config: Config,
  vendors: V,
  limits: { maxRetryWaitMs: number; retries: number },
): Promise<{ -readonly [K in keyof V]: AtsStandIns[V[K]] }> {
  const started = await Promise.all(
    vendors.map(async (vendor) => {
      const standIn = await starts[vendor]();
      atFileEnd(() => standIn.close());
      return standIn;
    }),
  );
  const of = <K extends AtsVendor>(vendor: K) => started[vendors.indexOf(vendor)] as AtsStandIns[K] | undefined;
  const [workable, ashby, gh, lv] = [of('workable'), of('ashby'), of('greenhouse'), of('lever')];
  config.ats = {
    ...config.ats,
    ...(workable && { workableUrl: workable.baseTemplate }),
    ...(ashby && { ashbyUrl: ashby.url }),
    ...(gh && { greenhouseUrl: gh.apiUrl, greenhouseTokenUrl: gh.tokenUrl }),
    ...(lv && {
      lever: { apiUrl: lv.apiUrl, authUrl: lv.authUrl, clientId: lv.clientId, clientSecret: lv.clientSecret },
    }),
    limits: { ...limits, timeoutMs: 5000 },
  };
  return started as { -readonly [K in keyof V]: AtsStandIns[V[K]] };
}
