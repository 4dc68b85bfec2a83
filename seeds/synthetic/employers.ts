/**
 * The employers synthetic and demo careers are spent at, each with the industries it works in (names of the
 * industries lookup, seeds/lookups/data/industries.ts) and what kind of employer it is: an experience's industry
 * is always one of its employer's, and the 'Startup experience' and 'Big tech alumni' tags follow the kind.
 * People whose title belongs to a sector of its own (clinicians, lawyers) work at employers of that sector.
 */

export type EmployerKind = 'bigtech' | 'startup' | 'enterprise';

export interface Employer {
  industries: readonly string[];
  kind: EmployerKind;
}

const big = (...industries: string[]): Employer => ({ industries, kind: 'bigtech' });
const startup = (...industries: string[]): Employer => ({ industries, kind: 'startup' });
const firm = (...industries: string[]): Employer => ({ industries, kind: 'enterprise' });

const MARKETPLACE = ['Internet Marketplace Platforms', 'Online and Mail Order Retail'];
const BANK = ['Banking', 'Financial Services'];
const INSURER = ['Insurance', 'Financial Services'];
const TELCO = ['Telecommunications', 'Wireless Services'];
const CONSULTING = ['Business Consulting and Services', 'IT Services and IT Consulting', 'Accounting'];
const HOSPITAL = ['Hospitals and Health Care', 'Hospitals'];
const LAW = ['Law Practice', 'Legal Services'];

export const EMPLOYER_FACTS: Record<string, Employer> = {
  Grab: big('Technology, Information and Internet', 'Software Development', 'Financial Services'),
  Shopee: big(...MARKETPLACE),
  'Sea Group': big('Technology, Information and Internet', 'Computer Games', 'Online and Mail Order Retail'),
  Lazada: big(...MARKETPLACE),
  GoTo: big('Technology, Information and Internet', 'Software Development', 'Financial Services'),
  Tokopedia: big(...MARKETPLACE),
  Traveloka: firm('Travel Arrangements', 'Technology, Information and Internet'),
  Carousell: startup(...MARKETPLACE),
  PropertyGuru: firm('Internet Marketplace Platforms', 'Real Estate'),
  Razer: firm('Computer Hardware Manufacturing', 'Computer Games'),
  'DBS Bank': firm(...BANK),
  'OCBC Bank': firm(...BANK),
  UOB: firm(...BANK),
  'Standard Chartered': firm(...BANK),
  HSBC: firm(...BANK),
  Citibank: firm(...BANK),
  Maybank: firm(...BANK),
  CIMB: firm(...BANK),
  Singtel: firm(...TELCO),
  StarHub: firm(...TELCO),
  Telkomsel: firm(...TELCO),
  'Globe Telecom': firm(...TELCO),
  AIA: firm(...INSURER),
  Prudential: firm(...INSURER),
  'Great Eastern': firm(...INSURER),
  Accenture: firm('IT Services and IT Consulting', 'Business Consulting and Services'),
  Deloitte: firm(...CONSULTING),
  PwC: firm(...CONSULTING),
  EY: firm(...CONSULTING),
  KPMG: firm(...CONSULTING),
  'McKinsey & Company': firm('Business Consulting and Services', 'Strategic Management Services'),
  'Boston Consulting Group': firm('Business Consulting and Services', 'Strategic Management Services'),
  Google: big('Technology, Information and Internet', 'Software Development'),
  Microsoft: big('Software Development', 'IT Services and IT Consulting'),
  'Amazon Web Services': big('IT Services and IT Consulting', 'Software Development'),
  Meta: big('Technology, Information and Internet', 'Social Networking Platforms'),
  ByteDance: big('Technology, Information and Internet', 'Online Audio and Video Media'),
  'Alibaba Cloud': big('IT Services and IT Consulting', 'Software Development'),
  Tencent: big('Technology, Information and Internet', 'Computer Games'),
  Agoda: firm('Travel Arrangements', 'Technology, Information and Internet'),
  'Ninja Van': startup('Transportation, Logistics, Supply Chain and Storage', 'Freight and Package Transportation'),
  Airwallex: startup('Financial Services', 'Fintech'),
  Nium: startup('Financial Services', 'Fintech'),
  Xendit: startup('Financial Services', 'Fintech'),
  PatSnap: startup('Software Development', 'Information Services'),
  Ascenda: startup('Software Development', 'Financial Services'),
  ShopBack: startup('Technology, Information and Internet', 'Online and Mail Order Retail'),
  'Circles.Life': startup('Telecommunications', 'Wireless Services'),
  'Singapore Airlines': firm('Airlines and Aviation'),
  'Cathay Pacific': firm('Airlines and Aviation'),
  'Changi Airport Group': firm('Airlines and Aviation', 'Transportation, Logistics, Supply Chain and Storage'),
  'PSA International': firm('Maritime Transportation', 'Transportation, Logistics, Supply Chain and Storage'),
  Keppel: firm('Engineering Services', 'Shipbuilding', 'Real Estate'),
  Sembcorp: firm('Utilities', 'Renewable Energy Power Generation'),
  CapitaLand: firm('Real Estate', 'Investment Management'),
  Wilmar: firm('Food and Beverage Manufacturing', 'Farming'),
  Unilever: firm('Consumer Goods', 'Personal Care Product Manufacturing'),
  'Procter & Gamble': firm('Consumer Goods', 'Personal Care Product Manufacturing'),
  Nestle: firm('Food and Beverage Manufacturing', 'Consumer Goods'),
  GSK: firm('Pharmaceutical Manufacturing'),
  Pfizer: firm('Pharmaceutical Manufacturing', 'Biotechnology Research'),
  Siemens: firm('Industrial Machinery Manufacturing', 'Electrical Equipment Manufacturing'),
  'Schneider Electric': firm('Electrical Equipment Manufacturing', 'Automation Machinery Manufacturing'),
  Dyson: firm('Appliances, Electrical, and Electronics Manufacturing'),
  Infosys: firm('IT Services and IT Consulting'),
  'Tata Consultancy Services': firm('IT Services and IT Consulting'),
  Wipro: firm('IT Services and IT Consulting'),
  // Employers of the sectors some titles belong to (SECTORS below).
  'Singapore General Hospital': firm(...HOSPITAL),
  'Mount Elizabeth Hospital': firm(...HOSPITAL),
  'Raffles Medical Group': firm('Hospitals and Health Care', 'Medical Practices'),
  'Queen Mary Hospital': firm(...HOSPITAL),
  'Sunway Medical Centre': firm(...HOSPITAL),
  'Siloam Hospitals': firm(...HOSPITAL),
  "St. Luke's Medical Center": firm(...HOSPITAL),
  'Bumrungrad International Hospital': firm(...HOSPITAL),
  'Apollo Hospitals': firm(...HOSPITAL),
  'Allen & Gledhill': firm(...LAW),
  'Rajah & Tann': firm(...LAW),
  WongPartnership: firm(...LAW),
  'Baker McKenzie': firm(...LAW),
  'Clifford Chance': firm(...LAW),
  'Allen & Overy': firm(...LAW),
};

/** The employers anyone may have worked at (the sector employers are kept for their sectors' titles). */
export const EMPLOYERS = Object.keys(EMPLOYER_FACTS).filter(
  (name) => !EMPLOYER_FACTS[name].industries.some((i) => [...HOSPITAL, ...LAW].includes(i)),
);

/** Titles of a sector of their own, and the employers they work at. */
const SECTORS: [RegExp, string[]][] = [
  [
    /\b(nurse|midwife|physician|surgeon|doctor|dentist|dental|pharmacist|radiolog|cardiolog|dermatolog|oncolog|pediatric|psychiatr|anesthesiolog|hospitalist|therapist|paramedic|clinical|medical officer|general practitioner)/i,
    Object.keys(EMPLOYER_FACTS).filter((name) => EMPLOYER_FACTS[name].industries.includes(HOSPITAL[0])),
  ],
  [
    /\b(lawyer|attorney|counsel|solicitor|barrister|paralegal|legal|litigation|notary)\b/i,
    Object.keys(EMPLOYER_FACTS).filter((name) => EMPLOYER_FACTS[name].industries.includes(LAW[0])),
  ],
];

/** The employers someone with this title works at. */
export function employersFor(title: string): readonly string[] {
  return SECTORS.find(([pattern]) => pattern.test(title))?.[1] ?? EMPLOYERS;
}

/** The industries an employer works in (none for an employer not listed). */
export const industriesOf = (employer: string): readonly string[] => EMPLOYER_FACTS[employer]?.industries ?? [];
