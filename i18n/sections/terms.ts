/** The terms of service shown at /terms-of-service. Sections are read in order s1, s2, ... */
export const terms = {
  title: 'Terms of Service',
  updated: 'Last updated: 1 November 2025',
  intro:
    'These Terms of Service ("Terms") govern your use of Talentbase, a talent-search and recruitment marketplace operated by Talentbase ("we", "us"). By creating an account, signing in or otherwise using the service you agree to these Terms. If you use Talentbase on behalf of a company, you confirm that you may bind that company to these Terms.',
  sections: {
    s1: {
      heading: '1. The service',
      body: 'Talentbase lets hiring companies search a curated pool of candidates, run hiring projects through a recruitment pipeline, request interviews and buy credits for paid features. Candidates keep a profile that approved companies may view. Platform administrators and talent advocates curate candidates and support companies.\n\nWe may change, add or remove features. Where a change materially reduces a paid feature you are using, we will tell you in advance.',
    },
    s2: {
      heading: '2. Accounts and sign-in',
      body: 'You sign in with a one-time code or link sent to your email, or through a supported identity provider. Keep access to your email account secure: anyone who can read it can sign in as you. Tell us at once if you believe your account has been used without your permission.\n\nYou must give accurate information when you sign up and keep it up to date. One person may not share an account with another.',
    },
    s3: {
      heading: '3. Company accounts and approval',
      body: 'A company that signs up is reviewed before it can use the service; we aim to decide within 1 business day. We may ask for evidence that you represent the company and may refuse or suspend an account at our discretion. Company owners and admins are responsible for the people they invite and for removing access when someone leaves.',
    },
    s4: {
      heading: '4. Free trial',
      body: 'An approved company receives a 30-day free trial. We aim to share curated candidates within 3 business days of approval. When the trial ends, continued use of paid features requires credits.',
    },
    s5: {
      heading: '5. Credits and payment',
      body: 'Some features are paid for with credits, bought by card payment or by order form, or granted by us. Prices, discounts and the credits each feature uses are shown before you buy or use them. Credits expire on the date shown with them and are not refundable or exchangeable for cash except where the law requires.\n\nTaxes are added where applicable. Invoices for order forms are payable within the period stated on them.',
    },
    s6: {
      heading: '6. Using candidate information',
      body: 'Candidate information is shared with you only to fill roles you are genuinely hiring for. You may not copy, sell or pass it on, build databases from it, contact candidates for any other purpose, or try to identify candidates whose profiles are shown anonymously except through the reveal feature. You must handle candidate personal data in line with applicable data-protection law, including the Personal Data Protection Act 2012 of Singapore where it applies.',
    },
    s7: {
      heading: '7. Candidates and community members',
      body: 'If you are a candidate, you confirm that the information in your profile is true and that you may share it. You can pause or hide your profile at any time. Joining the talent community does not guarantee introductions or job offers.',
    },
    s8: {
      heading: '8. Acceptable use',
      body: 'Do not misuse the service: no unlawful, discriminatory or misleading job offers; no attempts to break, overload, scrape or reverse-engineer the service; no access to accounts or data that are not yours; no harmful content or software. We may suspend accounts that break these rules.',
    },
    s9: {
      heading: '9. Integrations',
      body: 'When you connect an applicant-tracking system, you authorise us to exchange the data needed for the integration with that system. You are responsible for your agreement with its provider, and for the API keys you give us.',
    },
    s10: {
      heading: '10. Intellectual property',
      body: 'The service, its software and its content (other than content you or candidates provide) belong to us or our licensors. You keep the rights to what you upload and give us the licence needed to run the service with it.',
    },
    s11: {
      heading: '11. Liability',
      body: 'We provide the service with reasonable care and skill but do not promise that any hire will succeed or that the service will be uninterrupted. To the extent the law allows, our total liability for any claim is limited to the amounts you paid us in the 12 months before it arose, and we are not liable for indirect or consequential loss. Nothing in these Terms limits liability that cannot be limited by law.',
    },
    s12: {
      heading: '12. Ending your use',
      body: 'You may stop using the service at any time. We may suspend or end access if you break these Terms or if we stop offering the service, giving notice where we reasonably can. Sections that by their nature should survive, such as those on candidate information, liability and intellectual property, continue after your account ends.',
    },
    s13: {
      heading: '13. Changes and governing law',
      body: 'We may update these Terms and will show the date of the latest version above; material changes will be announced by email or in the product. These Terms are governed by the laws of Singapore, and the courts of Singapore have exclusive jurisdiction.',
    },
  },
};
