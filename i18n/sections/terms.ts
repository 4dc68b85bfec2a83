/**
 * The terms of service shown at /terms-of-service and the privacy notice at /privacy-notice. Sections are read in order
 * s1, s2, ... Their date is the version of the notice in force (configuration: PRIVACY_NOTICE_VERSION), read from the
 * server, so the pages never say another date than the one candidates are asked to accept.
 */
export const terms = {
  title: 'Terms of Service',
  updated: 'Last updated: {date}',
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

/** The privacy notice shown at /privacy-notice: what candidates accept with the terms (their version is the same). */
export const privacy = {
  title: 'Privacy notice',
  updated: 'Last updated: {date}',
  intro:
    'This notice explains what personal data Talentbase ("we", "us") holds about candidates and the people who use the service, who sees it, how long we keep it and the rights you have over it. It is part of the terms and privacy notice you accept when you sign in, and it carries the same date.',
  sections: {
    s1: {
      heading: '1. What we collect',
      body: 'About candidates: your name, email address, phone number, location, links (such as LinkedIn), your CV and what our curators and you write in your profile (experience, skills, salary expectations, availability), the interviews and hiring steps you take part in, your consent choices, and when you last signed in.\n\nAbout company users and administrators: name, email address, company and role, and what you do in the product (searches, projects, notes). We also keep technical records such as sign-in times and a log of requests, to run and secure the service.',
    },
    s2: {
      heading: '2. Who sees what',
      body: 'Approved hiring companies see candidates as anonymous profiles (no name, contact details or links) until the company reveals a candidate for a project it is hiring for; only then do they see who you are, and only that company. Companies never see you if you pause your profile, withdraw your consent to be shown to companies or decline this notice.\n\nOur administrators and talent advocates curate the candidate pool: they see full profiles, check and correct them, and introduce candidates to companies. If you agree, a company that shortlists you may copy your profile into its applicant-tracking system, and our AI matching may assess your profile against job descriptions.',
    },
    s3: {
      heading: '3. Why we use it',
      body: 'To run the marketplace you signed up for: to show your profile to companies hiring for roles that fit, to arrange interviews, to keep the service secure and to meet our legal obligations. We send marketing emails only if you opt in. Each use you can choose is listed on your profile page, where you can change it at any time.',
    },
    s4: {
      heading: '4. How long we keep it',
      body: 'We keep your profile while you use the service. If you do not sign in for a long period we email you first, then archive the profile and erase it. Uploaded CVs that never became a profile, technical logs, sent emails and prepared copies of your data are deleted after the periods our retention settings set. A short record that a request was made or carried out (never its content) is kept in our data rights log, which outlives an erasure.',
    },
    s5: {
      heading: '5. Your rights',
      body: 'From your profile page you can download a copy of everything we hold about you, ask us to correct it, withdraw or give each consent, pause your profile, and ask us to erase your data (confirmed by an emailed code, then carried out after a cooling-off period in which you can cancel). If you decline this notice, your profile is hidden from companies and you can still download or erase your data, or sign out.',
    },
    s6: {
      heading: '6. Contact',
      body: 'For any question about your data, or to make a request another way, write to privacy@talentbase.example. If you are not satisfied with our answer you may complain to the data-protection authority where you live; in Singapore, the Personal Data Protection Commission.',
    },
  },
};
