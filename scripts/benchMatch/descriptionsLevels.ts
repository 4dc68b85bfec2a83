/** The judged descriptions whose seniority is read from the title, a 'Level:' line or prose (descriptions.ts). */
import type { Judged } from './judged';

export const LEVELS: Judged[] = [
  {
    key: 'data-engineer-lead',
    form: 'text',
    text: `Lead Data Engineer

You will lead a team of four building our data platform.

Requirements
- Python and SQL
- Apache Spark
- Airflow or dbt
- Fluent English

Location: Singapore. Salary: SGD 12,000 - 15,000 per month.`,
    required: ['Python', 'SQL', 'Apache Spark', 'Apache Airflow | dbt'],
    nice: [],
    titles: ['Lead Data Engineer'],
    seniority: 'lead',
    salary: { min: 12000, max: 15000, currency: 'SGD' },
    languages: ['English'],
    locations: ['Singapore'],
  },
  {
    key: 'frontend-junior',
    form: 'docx',
    text: `Junior Frontend Developer
We are a small product studio in Kuala Lumpur.
What you will need
- HTML, CSS and JavaScript
- React
- Git
Nice to have: TypeScript
Location: Kuala Lumpur. Salary: MYR 3,500 - 4,500 per month.`,
    required: ['HTML', 'CSS', 'JavaScript', 'React', 'Git'],
    nice: ['TypeScript'],
    titles: ['Frontend Developer'],
    seniority: 'junior',
    salary: { min: 3500, max: 4500, currency: 'MYR' },
    languages: [],
    locations: ['Kuala Lumpur'],
  },
  {
    key: 'principal-prose',
    form: 'text',
    text: `Principal Software Engineer
We are hiring a principal engineer to set the technical direction of our logistics platform. You have deep experience with Go and Kubernetes; Rust is a plus. 10+ years of experience.
Fully remote. USD 18,000 - 22,000 per month.`,
    required: ['Go', 'Kubernetes'],
    nice: ['Rust'],
    titles: ['Principal Software Engineer'],
    years: { min: 10 },
    seniority: 'principal',
    salary: { min: 18000, max: 22000, currency: 'USD' },
    languages: [],
    locations: [],
    remote: true,
  },
  {
    key: 'qa-mid-level',
    form: 'pdf',
    text: `QA Engineer
Level: Mid-level
Requirements
- 3+ years in test automation
- Selenium or Playwright
- Java
Location: Manila. Salary: PHP 70,000 - 90,000 per month.`,
    required: ['Test Automation', 'Selenium | Playwright', 'Java'],
    nice: [],
    titles: ['QA Engineer'],
    years: { min: 3 },
    seniority: 'mid',
    salary: { min: 70000, max: 90000, currency: 'PHP' },
    languages: [],
    locations: ['Manila'],
  },
];
