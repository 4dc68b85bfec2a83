/** The credit calls (spec section 7, Credits), shared with the console. */
export * from '../../ui/credits/creditsApi';
