/**
 * Community sign-up (spec section 2): the forms under /api/v1/auth/community (name and email, magic
 * link, a Google or LinkedIn round trip). The account itself is created in backend/auth when the
 * emailed link is opened; the community capability exposes only its endpoints.
 */
export { communityEndpoints } from './endpoints';
