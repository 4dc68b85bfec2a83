/** Credits: the ledger's messages, the console's credit screens and the portal's credits page. */
export const credits = {
  errors: {
    insufficient: 'Not enough credits: this needs {needed} and the balance is {balance}. Buy credits to continue.',
    busy: "Another payment from your company's credits is being made right now: check your balance and try again.",
    keyReused:
      'This purchase was already started for another number of credits: close this window and start the purchase again',
    idNotFound: 'Credit not found',
    lotExpired: 'These credits have expired and cannot be updated: add new credits instead',
    addFailed: 'Could not add the credits',
    updateFailed: 'Could not update the credits',
    deleteFailed: 'Could not delete the credits',
    orderPaid: 'This order is already paid',
    orderCancelled: 'This order is cancelled',
    cardOrder: 'A card order is paid through Stripe, which adds its credits; it cannot be marked paid by hand',
    checkoutExpired: 'This checkout expired without payment: start a new purchase',
    paymentUnavailable: 'Card payment is not available right now',
    cardUnavailable: 'Card payment is not available: ask for an order form',
    enterprise: 'Above {max, plural, one {# credit} other {# credits}}, contact us for enterprise pricing',
    signature: 'The payment notification could not be verified',
    notRaas: 'Only recruitment-as-a-service companies buy credits here',
    repeatedAdd:
      'These credits were just added: the same number with the same expiry went to this company less than 2 minutes ago.',
  },
  messages: {
    added: 'Credits added',
    updated: 'Credits updated',
    deleted: 'Credits deleted',
    orderCreated: 'Order form {orderNumber} created and emailed to {email}',
    orderPaid: 'Order marked as paid: {credits, plural, one {# credit} other {# credits}} added',
  },
  page: {
    title: 'Credits',
    balance: 'Balance',
    balanceChip: '{balance, plural, one {# credit} other {# credits}}',
    lots: 'Credit lots',
    log: 'Credit history',
    buy: 'Buy credits',
    empty: 'No credits yet',
    emptyLog: 'No credit movements yet',
    logLoading: 'Loading the credit movements',
    logLoadError: 'The credit movements could not be loaded.',
    retry: 'Try again',
    emptyOwn:
      'No credits yet. The credits you buy appear here, each lot with the credits left in it and the day it expires.',
    emptyLogOwn:
      'No credit movements yet. Each purchase, and each credit your projects use, appears here with the balance after it.',
    whoCanBuy:
      'Card payment is not available here. Our team adds credits with an order form: write to {email} to ask for one.',
    cardPayments: 'Bank payments',
    cardPaymentAwaiting:
      'Payment under way: order {orderNumber}, {credits, plural, one {# credit} other {# credits}}. Your bank is confirming it; the credits are added once it does.',
    cardPaymentFailed:
      'Payment failed: order {orderNumber}, {credits, plural, one {# credit} other {# credits}}. No credits were added; you can buy credits again.',
    cardPaymentPaid:
      'Payment received: order {orderNumber}, {credits, plural, one {# credit is} other {# credits are}} in your balance.',
    expires: 'Expires',
    remaining: 'Left',
    added: 'Added',
    date: 'Date',
    action: 'Action',
    credits: 'Credits',
    balanceAfter: 'Balance after',
    by: 'By',
    company: 'Company',
    /** The project a movement was about (a charge's): its title, or this once the project was deleted. */
    project: 'Project',
    projectDeleted: 'Deleted project',
    /** A colleague's project the reader (a Member) may not open: its charge is listed, its title is not. */
    projectNotShared: 'A project not shared with you',
    member: 'Member',
    expiryDate: 'Expiry date',
    search: 'Search',
    from: 'From',
    to: 'To',
    anyAction: 'Any action',
    anyCompany: 'All companies',
    exportCsv: 'Export CSV',
    addCredits: 'Add credits',
    editCredits: 'Update credits',
    deleteCredits: 'Delete credits',
    deleteConfirm:
      'Delete the {credits, plural, one {# credit} other {# credits}} left in this lot? This cannot be undone.',
    deleteNamed:
      "Delete {company}'s {credits, plural, one {# credit} other {# credits}} expiring {expiry}? This cannot be undone.",
    rowActions: 'Actions',
    orderForm: 'Generate order form',
    orderMade: 'Order form made',
    downloadOrderForm: 'Download the PDF again',
    close: 'Close',
    salesOrders: 'Sales orders',
    emptyOrders: 'No sales orders yet',
    ordersLoading: 'Loading the sales orders',
    ordersLoadError: 'The sales orders could not be loaded.',
    orderNumber: 'Order number',
    quantity: 'Credits',
    total: 'Total',
    status: 'Status',
    orderPdf: 'PDF',
    markPaid: 'Mark paid',
    markPaidTitle: 'Mark this order paid?',
    markPaidConfirm:
      "Mark order {orderNumber} paid? {company}'s payment of {amount} was received: {credits, plural, one {# credit is} other {# credits are}} added to its balance now. This cannot be undone.",
    save: 'Save',
    saving: 'Saving…',
    delete: 'Delete',
    edit: 'Edit',
    previous: 'Previous',
    next: 'Next',
    pageOf: 'Page {page} of {pages}',
    trialUntil: 'Free trial until {date}: plan charges are free until then.',
    loadError: 'Could not load your credits',
    paymentChecking: 'Checking your payment for order {orderNumber}…',
    paymentAwaiting:
      'Waiting for your bank to confirm the payment for order {orderNumber}. Your {credits, plural, one {# credit is} other {# credits are}} added once it does, and we email you either way.',
    paymentPaid:
      'Payment received: the {credits, plural, one {# credit} other {# credits}} of order {orderNumber} {credits, plural, one {is} other {are}} in your balance.',
    paymentFailed:
      'The payment for order {orderNumber} did not go through, and no credits were added. You can buy credits again.',
    paymentUnknown: 'The order {orderNumber} could not be found.',
    paymentRetrying: 'Could not check the payment for order {orderNumber} just now; retrying…',
    paymentCancelled: 'Payment cancelled. Nothing was charged.',
    back: 'Back to credits',
  },
  purchase: {
    title: 'Purchase credits',
    quantity: 'Number of credits',
    /** `percent` is i18n's formatPercent ('12.5%'); `total` the money as formatMoney writes it. */
    discount: 'Discount: {percent}',
    total: 'Total: {total}',
    /** The console's one-line quote. */
    quote: 'Discount: {percent} · Total: {total}',
    pay: 'Pay {total}',
    enterprise: 'Contact us for enterprise pricing',
    errorMessage: 'Could not create the order form. Please try again.',
    instantPurchaseErrorMessage: 'Could not start the card payment. Please try again.',
    decrease: 'One credit less',
    increase: 'One credit more',
    atLeastOne: 'Enter at least 1 credit',
  },
  emails: {
    confirmed: {
      subject: 'Payment confirmed: order {orderNumber}',
      text: 'Your bank confirmed the payment for order {orderNumber}: {credits, plural, one {# credit is} other {# credits are}} now in your {product} balance.\n\nSee your credits: {link}',
    },
    failed: {
      subject: 'Payment failed: order {orderNumber}',
      text: 'The {product} payment for order {orderNumber} ({credits, plural, one {# credit} other {# credits}}) did not go through, so no credits were added and the order is cancelled. You can buy credits again at any time.\n\nSee your credits: {link}',
    },
    /** An order cancelled as expired by the expire_checkouts job (credits/buyerNotice.ts `tellExpired`). */
    expired: {
      subject: 'Order {orderNumber} cancelled: no bank transfer arrived',
      text: 'Order {orderNumber} ({credits, plural, one {# credit} other {# credits}}, {total}) was cancelled: no bank transfer arrived within {days, plural, one {# day} other {# days}}, so no credits were added.\n\nA transfer that still arrives will be credited to {company}. Otherwise you can place a new order at any time.\n\nSee your credits: {link}',
    },
  },
  /** The order form's email (purchase.ts) and the card checkout's line item as Stripe shows it (adapters/payments). */
  orderForm: {
    subject: 'Order form {orderNumber}',
    text: 'Your {product} order form {orderNumber} for {quantity, plural, one {# credit} other {# credits}} for {company} is ready.\n\nTotal: {total} (tier discount {discount}).\n\nDownload the order form (PDF): {link}\n\nCredits are added to your account as soon as the payment is received.',
    checkoutItem: '{quantity, plural, one {# credit} other {# credits}} (order {orderNumber})',
    /** The order form's PDF (orderForm.ts): `discount` is formatPercent's '10%', as in the email; money as formatMoney writes it. */
    pdf: {
      title: 'Order form {orderNumber}',
      heading: '{product} · Order form',
      orderNumber: 'Order number: {orderNumber}',
      date: 'Date: {date} (UTC)',
      billTo: 'Bill to',
      registrationNumber: 'Registration number: {number}',
      attention: 'Attention: {name} <{email}>',
      order: 'Order',
      credits: 'Credits',
      unitPrice: 'Price per credit',
      subtotal: 'Subtotal',
      discount: 'Tier discount',
      total: 'Total',
      footer:
        "Credits are added to {company}'s account when the payment is received. Please quote the order number with your payment.",
    },
  },
  testCheckout: {
    banner: 'TEST MODE: no real payment happens. This page stands in for the card payment provider.',
    title: 'Test checkout',
    pay: 'Pay (test)',
    cancel: 'Cancel',
  },
  /**
   * Stripe's values in the admins' payment notices, in words (backend/features/credits/stripeWords.ts): a dispute's
   * reason and status, a refund's status. `other` stands for a value Stripe adds later, `none` for one not stated.
   */
  stripe: {
    disputeReason: {
      bank_cannot_process: 'the bank could not process it',
      check_returned: 'cheque returned',
      credit_not_processed: 'refund not processed',
      customer_initiated: 'raised by the customer',
      debit_not_authorized: 'debit not authorised',
      duplicate: 'charged twice',
      fraudulent: 'fraudulent',
      general: 'no specific reason',
      incorrect_account_details: 'incorrect account details',
      insufficient_funds: 'insufficient funds',
      noncompliant: 'against the card network’s rules',
      product_not_received: 'product not received',
      product_unacceptable: 'product unacceptable',
      subscription_canceled: 'subscription cancelled',
      unrecognized: 'payment not recognised',
      other: 'another reason',
      none: 'none given',
    },
    disputeStatus: {
      warning_closed: 'closed as an inquiry, without a chargeback',
      charge_refunded: 'closed after the payment was refunded',
      prevented: 'closed as prevented',
      won: 'won',
      lost: 'lost',
      other: 'closed',
      none: 'closed',
    },
    refundStatus: {
      failed: 'failed',
      canceled: 'cancelled',
      requires_action: 'waiting for action at Stripe',
      pending: 'pending',
      other: 'not completed',
      none: 'not completed',
    },
  },
} as const;

/** Field errors of the credit calls (spec sections 5 and 8), at the top level like every field key. */
export const creditFieldErrors = {
  noOfCredits: {
    errors: {
      required: 'Enter the number of credits',
      zeroCredits: 'Credits cannot be zero',
      NotWholeNumber: 'Enter a whole number of credits',
      min: 'At least 1 credit',
      max: 'At most 100,000 credits at once',
      repeated: 'The same credits with the same expiry were added to this company less than 2 minutes ago',
      enterprise: 'Above {max, plural, one {# credit} other {# credits}}, contact us for enterprise pricing',
    },
  },
  member: { errors: { required: 'Choose a member', notInCompany: 'Choose an active member of this company' } },
  expiryDate: {
    errors: {
      invalid: 'Enter a date as YYYY-MM-DD',
      tooSoon: 'The expiry date must be tomorrow or later',
      tooLate: 'The expiry date must be within 5 years',
    },
  },
  creditDataId: { errors: { notFound: 'Credit not found' } },
  /** The credit log's date range (GET credit/logs): the To day may not come before the From day. */
  to: { errors: { beforeFrom: 'Choose a To day on or after the From day' } },
} as const;
