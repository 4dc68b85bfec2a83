/**
 * The benchmark's ten job descriptions: each as the text an admin pastes, and the truth the graded
 * candidates are built from (the title, a related title, the required and nice skills, years,
 * monthly salary, place and languages). Three ways of writing a job description, so the reader
 * meets headings, prose and bullet lists.
 */
export interface Job {
  key: string;
  title: string;
  /** A title of the same trade that is not this one (graded 'related title only'). */
  related: string;
  /** Titles of other trades whose work names the same words (keyword traps). */
  trapTitles: string[];
  required: string[];
  nice: string[];
  /** Skills of the trade that are none of the required ones. */
  otherSkills: string[];
  years: number;
  salary: [number, number];
  currency: string;
  city: string;
  /** A city elsewhere, for the location rule-outs. */
  farCity: string;
  /** Language codes asked (English always). */
  languages: string[];
}

export const JOBS: Job[] = [
  {
    key: 'backend',
    title: 'Senior Backend Engineer',
    related: 'Software Engineer',
    trapTitles: ['Technical Recruiter', 'Technical Writer'],
    required: ['Java', 'Spring Boot', 'Apache Kafka', 'PostgreSQL'],
    nice: ['Kubernetes'],
    otherSkills: ['Ruby', 'PHP', 'Laravel', 'MySQL', 'Vue.js'],
    years: 5,
    salary: [8000, 11000],
    currency: 'SGD',
    city: 'Singapore',
    farCity: 'London',
    languages: ['en'],
  },
  {
    key: 'data-engineer',
    title: 'Data Engineer',
    related: 'Data Analyst',
    trapTitles: ['Sales Manager', 'Corporate Trainer'],
    required: ['Python', 'Apache Spark', 'Apache Airflow', 'SQL'],
    nice: ['Amazon Web Services'],
    otherSkills: ['Tableau', 'Microsoft Excel', 'Microsoft Power BI', 'Statistics'],
    years: 3,
    salary: [7000, 10000],
    currency: 'SGD',
    city: 'Singapore',
    farCity: 'Manila',
    languages: ['en'],
  },
  {
    key: 'frontend',
    title: 'Frontend Engineer',
    related: 'Web Developer',
    trapTitles: ['Technical Recruiter', 'Account Manager'],
    required: ['TypeScript', 'React', 'Redux', 'CSS'],
    nice: ['GraphQL'],
    otherSkills: ['jQuery', 'WordPress', 'PHP', 'Bootstrap'],
    years: 3,
    salary: [9000, 14000],
    currency: 'MYR',
    city: 'Kuala Lumpur',
    farCity: 'Bangkok',
    languages: ['en', 'ms'],
  },
  {
    key: 'devops',
    title: 'DevOps Engineer',
    related: 'Systems Administrator',
    trapTitles: ['Account Manager', 'Technical Writer'],
    required: ['Kubernetes', 'Terraform', 'Docker', 'Amazon Web Services'],
    nice: ['Prometheus'],
    otherSkills: ['Windows Server', 'Active Directory', 'VMware', 'Networking'],
    years: 4,
    salary: [8000, 12000],
    currency: 'SGD',
    city: 'Singapore',
    farCity: 'Sydney',
    languages: ['en'],
  },
  {
    key: 'data-scientist',
    title: 'Data Scientist',
    related: 'Business Analyst',
    trapTitles: ['Sales Manager', 'Content Writer'],
    required: ['Python', 'Machine Learning', 'TensorFlow', 'SQL'],
    nice: ['Pandas'],
    otherSkills: ['Microsoft Excel', 'Tableau', 'Requirements Gathering', 'Microsoft Power BI'],
    years: 3,
    salary: [40000, 60000],
    currency: 'HKD',
    city: 'Hong Kong',
    farCity: 'Jakarta',
    languages: ['en', 'yue'],
  },
  {
    key: 'ios',
    title: 'iOS Developer',
    related: 'Android Developer',
    trapTitles: ['Technical Recruiter', 'Corporate Trainer'],
    required: ['Swift', 'SwiftUI', 'Xcode'],
    nice: ['Kotlin'],
    otherSkills: ['Java', 'Android Studio', 'Jetpack Compose', 'Gradle'],
    years: 3,
    salary: [7000, 10000],
    currency: 'SGD',
    city: 'Singapore',
    farCity: 'Ho Chi Minh City',
    languages: ['en'],
  },
  {
    key: 'product',
    title: 'Product Manager',
    related: 'Project Manager',
    trapTitles: ['Content Writer', 'Corporate Trainer'],
    required: ['Product Management', 'Scrum', 'Jira', 'User Research'],
    nice: ['SQL'],
    otherSkills: ['Budgeting', 'Stakeholder Management', 'Microsoft Project', 'Risk Management'],
    years: 5,
    salary: [9000, 13000],
    currency: 'SGD',
    city: 'Singapore',
    farCity: 'Bangalore',
    languages: ['en'],
  },
  {
    key: 'marketing',
    title: 'Digital Marketing Manager',
    related: 'Marketing Executive',
    trapTitles: ['Technical Recruiter', 'Data Analyst'],
    required: ['Search Engine Optimization', 'Google Analytics', 'Content Marketing', 'Google Ads'],
    nice: ['HubSpot'],
    otherSkills: ['Event Planning', 'Public Relations', 'Brand Management', 'Trade Marketing'],
    years: 4,
    salary: [25000, 40000],
    currency: 'HKD',
    city: 'Hong Kong',
    farCity: 'Kuala Lumpur',
    languages: ['en', 'yue'],
  },
  {
    key: 'finance',
    title: 'Financial Analyst',
    related: 'Accountant',
    trapTitles: ['Sales Manager', 'Technical Recruiter'],
    required: ['Financial Analysis', 'Microsoft Excel', 'Forecasting', 'Budgeting'],
    nice: ['Tableau'],
    otherSkills: ['Bookkeeping', 'Accounts Payable', 'Payroll', 'Auditing'],
    years: 2,
    salary: [15000000, 25000000],
    currency: 'IDR',
    city: 'Jakarta',
    farCity: 'Singapore',
    languages: ['en', 'id'],
  },
  {
    key: 'qa',
    title: 'QA Engineer',
    related: 'Test Engineer',
    trapTitles: ['Corporate Trainer', 'Account Manager'],
    required: ['Selenium', 'Test Automation', 'Cypress', 'Jenkins'],
    nice: ['Java'],
    otherSkills: ['Manual Testing', 'Microsoft Excel', 'Jira', 'Documentation'],
    years: 3,
    salary: [6000, 9000],
    currency: 'SGD',
    city: 'Singapore',
    farCity: 'Taipei',
    languages: ['en'],
  },
];

const money = (n: number) => n.toLocaleString('en');

/** The job description as an admin pastes it, in one of three styles. */
export function jobText(job: Job, languageNames: Map<string, string>, style: number): string {
  const [must, ...rest] = [job.required.slice(0, 2).join(' and '), ...job.required.slice(2)];
  const others = job.languages.filter((c) => c !== 'en').map((c) => languageNames.get(c) ?? c);
  const pay = `${job.currency} ${money(job.salary[0])} - ${money(job.salary[1])} per month`;
  if (style % 3 === 0)
    return `${job.title}

About us
We are a fast-growing company with offices across Asia and a friendly team.

What you'll do
- Own features from design to production with ${job.required[0]}
- Work closely with product, design and operations

Requirements
- ${job.years}+ years of relevant experience
- Strong ${must}
${rest.map((s) => `- Hands-on ${s}`).join('\n')}
- Fluent English${others.length ? ` and ${others.join(', ')}` : ''}

Nice to have
${job.nice.map((s) => `- ${s}`).join('\n')}

Location: ${job.city}. Full-time.
Salary: ${pay}.`;
  if (style % 3 === 1)
    return `${job.title} - ${job.city}

We are hiring a ${job.title} to join our team in ${job.city}. You will need at least ${job.years} years of experience. You must be proficient in ${job.required.join(', ')}. ${job.nice.join(' and ')} experience is a plus. You speak fluent English${others.length ? ` and ${others.join(' and ')}` : ''}.

This is a permanent, full-time position. We offer ${pay}, medical cover and a learning budget.`;
  return `Job title: ${job.title}
Location: ${job.city}

Must have:
${job.required.map((s) => `* ${s}`).join('\n')}
* ${job.years}+ years of experience
* Excellent English${others.length ? `, business ${others.join(', ')}` : ''}

Bonus:
${job.nice.map((s) => `* ${s}`).join('\n')}

Compensation: ${pay}`;
}
