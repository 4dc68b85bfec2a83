/** The demo logins listed in the README, and the demo companies they belong to. */

export const DEMO_LOGINS = [
  { email: 'admin@example.com', who: 'General admin' },
  { email: 'advocate@example.com', who: 'Talent advocate admin' },
  { email: 'owner@acme.example.com', who: 'Acme (normal company), Admin sub-role' },
  { email: 'member@acme.example.com', who: 'Acme (normal company), Member sub-role' },
  { email: 'owner@raas.example.com', who: 'Northwind Talent (RaaS company), Admin sub-role' },
  { email: 'candidate@example.com', who: 'Candidate' },
] as const;

export interface DemoCompany {
  companyName: string;
  legalEntityName: string;
  companyRegistrationNumber: string;
  address: string;
  companyType: 2 | 4;
  status: 0 | 1 | 2;
  validDomains: string[];
  countries: string[];
  linkedInUrl: string;
}

export const DEMO_COMPANIES: DemoCompany[] = [
  {
    companyName: 'Acme',
    legalEntityName: 'Acme Pte. Ltd.',
    companyRegistrationNumber: '201912345K',
    address: '1 Raffles Place, #20-01, Singapore 048616',
    companyType: 2,
    status: 1,
    validDomains: ['acme.example.com'],
    countries: ['SG', 'MY'],
    linkedInUrl: 'https://www.linkedin.com/company/acme',
  },
  {
    companyName: 'Globex Analytics',
    legalEntityName: 'Globex Analytics Limited',
    companyRegistrationNumber: 'HK-2876541',
    address: '8 Finance Street, Central, Hong Kong',
    companyType: 2,
    status: 1,
    validDomains: ['globex.example.com'],
    countries: ['HK', 'SG'],
    linkedInUrl: 'https://www.linkedin.com/company/globex-analytics',
  },
  {
    companyName: 'Initech Robotics',
    legalEntityName: 'Initech Robotics Sdn. Bhd.',
    companyRegistrationNumber: '202101009876',
    address: '12 Jalan Ampang, Kuala Lumpur 50450, Malaysia',
    companyType: 2,
    status: 0,
    validDomains: ['initech.example.com'],
    countries: ['MY'],
    linkedInUrl: 'https://www.linkedin.com/company/initech-robotics',
  },
  {
    companyName: 'Northwind Talent',
    legalEntityName: 'Northwind Talent Pte. Ltd.',
    companyRegistrationNumber: '201845678D',
    address: '71 Robinson Road, #14-01, Singapore 068895',
    companyType: 4,
    status: 1,
    validDomains: ['raas.example.com'],
    countries: ['SG', 'ID', 'PH'],
    linkedInUrl: 'https://www.linkedin.com/company/northwind-talent',
  },
  {
    companyName: 'Umbrella Health',
    legalEntityName: 'Umbrella Health Pte. Ltd.',
    companyRegistrationNumber: '201733221M',
    address: '30 Biopolis Street, Singapore 138671',
    companyType: 4,
    status: 1,
    validDomains: ['umbrella.example.com'],
    countries: ['SG'],
    linkedInUrl: 'https://www.linkedin.com/company/umbrella-health',
  },
  {
    companyName: 'Stark Logistics',
    legalEntityName: 'Stark Logistics Co., Ltd.',
    companyRegistrationNumber: '0105561234567',
    address: '199 Sukhumvit Road, Bangkok 10110, Thailand',
    companyType: 4,
    status: 2,
    validDomains: ['stark.example.com'],
    countries: ['TH', 'VN'],
    linkedInUrl: 'https://www.linkedin.com/company/stark-logistics',
  },
];

export const TAGS: [name: string, identifier: string, icon: string, description: string][] = [
  ['Top talent', 'toptalent', 'star', 'Candidates our advocates rate in the top 10 percent'],
  ['Verified', 'verified', 'verified', 'Identity and employment history checked'],
  ['Open to relocate', 'relocate', 'flight', 'Willing to move for the right role'],
  ['Remote ready', 'remoteready', 'home', 'Has worked fully remote before'],
  ['Immediate joiner', 'immediate', 'bolt', 'Can start within two weeks'],
  ['Bilingual', 'bilingual', 'translate', 'Works fluently in two or more languages'],
  ['Leadership', 'leadership', 'groups', 'Has led teams of five or more'],
  ['Startup experience', 'startup', 'rocket', 'Worked at an early-stage startup'],
  ['Big tech alumni', 'bigtech', 'apartment', 'Worked at a large technology company'],
  ['Fintech', 'fintech', 'payments', 'Experience in financial technology'],
  ['Healthcare', 'healthcare', 'health', 'Experience in healthcare or life sciences'],
  ['E-commerce', 'ecommerce', 'shopping', 'Experience in online retail'],
  ['Data driven', 'datadriven', 'insights', 'Strong analytical and data skills'],
  ['Design minded', 'design', 'palette', 'Strong product and visual design sense'],
  ['Sales closer', 'closer', 'handshake', 'Consistently beats sales targets'],
  ['Cloud certified', 'cloudcert', 'cloud', 'Holds a current cloud certification'],
  ['Security cleared', 'security', 'shield', 'Holds or held a security clearance'],
  ['Returner', 'returner', 'replay', 'Returning to work after a career break'],
  ['Graduate', 'graduate', 'school', 'Graduated within the last two years'],
  ['Senior', 'senior', 'workspace', 'Ten or more years of experience'],
  ['Contract ready', 'contract', 'description', 'Open to contract roles'],
  ['Part-time', 'parttime', 'schedule', 'Looking for part-time work'],
  ['Diversity hire', 'diversity', 'diversity', 'Part of a diversity hiring programme'],
  ['Referral', 'referral', 'share', 'Referred by an existing candidate'],
  ['Interviewed', 'interviewed', 'record', 'Interviewed by a talent advocate'],
  ['Hot profile', 'hot', 'whatshot', 'In demand: several interview requests'],
  ['APAC experience', 'apac', 'public', 'Worked across Asia-Pacific markets'],
  ['Mandarin speaker', 'mandarin', 'language', 'Speaks Mandarin at a professional level'],
  ['Singapore PR', 'sgpr', 'badge', 'Singapore permanent resident'],
  ['Legacy tag', 'legacy', 'archive', 'Kept for older profiles; no longer used'],
];
