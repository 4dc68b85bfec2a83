/**
 * The signed-in person's own account (spec section 2): reading and updating it with a profile
 * picture, confirming a changed email, and passwordless sign-in by an emailed code. Exposes its
 * endpoints only.
 */
export { accountEndpoints } from './endpoints';
export { passwordlessEndpoints } from './passwordless';
