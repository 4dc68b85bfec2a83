/** The correction queue with its apply and decline actions; loads when opened. */
import { lazyScreen } from '../../lazyScreen';

export const dataCorrections = {
  list: lazyScreen(() => import('./CorrectionScreens'), 'CorrectionQueue'),
  show: lazyScreen(() => import('./CorrectionScreens'), 'CorrectionShow'),
};
