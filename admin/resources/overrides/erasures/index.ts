/** The erasure queue: the requests with their hold, release and carry-out actions; loads when opened. */
import { lazyScreen } from '../../lazyScreen';

export const erasureRequests = {
  list: lazyScreen(() => import('./ErasureScreens'), 'ErasureQueue'),
  show: lazyScreen(() => import('./ErasureScreens'), 'ErasureShow'),
};
