/** The look of the sign-in pages, shared so the portal's and the console's sign-in read as one product. */
export const AUTH_BACKDROP =
  'radial-gradient(1200px 600px at 10% -10%, #dbeafe 0%, transparent 60%), radial-gradient(900px 500px at 110% 110%, #ccfbf1 0%, transparent 55%), #f5f7fb';

export const AUTH_CARD_SX = {
  width: '100%',
  p: { xs: 3, sm: 5 },
  borderRadius: 4,
  boxShadow: '0 10px 40px -12px rgba(15, 23, 42, 0.18)',
} as const;
