/** The judged descriptions of software, data, design and marketing roles (descriptions.ts). */
import type { Judged } from './judged';

export const TECH_AND_DESIGN: Judged[] = [
  {
    key: 'backend-senior',
    form: 'text',
    text: `Senior Backend Engineer

About the role
You will own the services behind our checkout and wallet.

Requirements
- 5+ years building backend services
- Java and Spring Boot
- PostgreSQL
- Kafka or RabbitMQ for messaging
- Fluent English

Nice to have
- Kubernetes

Location: Singapore. Salary up to SGD 12,000 per month.`,
    required: ['Java', 'Spring Boot', 'PostgreSQL', 'Apache Kafka | RabbitMQ'],
    nice: ['Kubernetes'],
    titles: ['Senior Backend Engineer'],
    years: { min: 5 },
    seniority: 'senior',
    salary: { max: 12000, currency: 'SGD' },
    languages: ['English'],
    locations: ['Singapore'],
  },
  {
    key: 'platform-prose',
    form: 'text',
    text: `Backend Engineer
We build our platform in TypeScript and Go on PostgreSQL, deployed to AWS. You have at least 3 years of experience shipping production services. Terraform is a plus.
Based in Kuala Lumpur, hybrid. MYR 9,000 - 13,000 per month.`,
    required: ['TypeScript', 'Go', 'PostgreSQL', 'AWS'],
    nice: ['Terraform'],
    titles: ['Backend Engineer'],
    years: { min: 3 },
    salary: { min: 9000, max: 13000, currency: 'MYR' },
    languages: [],
    locations: ['Kuala Lumpur'],
  },
  {
    key: 'data-analyst-project',
    form: 'text',
    text: `Data Analyst
SQL first, Python welcome. You will build dashboards in Tableau for the commercial team.
2-4 years of experience in analytics. Fluent English; Mandarin is a plus.
Location: Singapore. Salary: SGD 5,000 - 7,000 per month.`,
    required: ['SQL', 'Tableau'],
    nice: ['Python'],
    titles: ['Data Analyst'],
    years: { min: 2, max: 4 },
    salary: { min: 5000, max: 7000, currency: 'SGD' },
    languages: ['English'],
    locations: ['Singapore'],
  },
  {
    key: 'frontend-slash',
    form: 'text',
    text: `Frontend Engineer

What we're looking for
- 3+ years with React
- TypeScript
- Jest/Cypress for testing
- Good English

Bonus
- Next.js
- GraphQL

Remote within Asia. Salary from SGD 7,000 a month.`,
    required: ['React', 'TypeScript', 'Jest | Cypress'],
    nice: ['Next.js', 'GraphQL'],
    titles: ['Frontend Engineer'],
    years: { min: 3 },
    salary: { min: 7000, currency: 'SGD' },
    languages: ['English'],
    locations: [],
    remote: true,
  },
  {
    key: 'devops-hk',
    form: 'docx',
    text: `DevOps Engineer
Location: Hong Kong
Requirements
- At least 4 years in DevOps or SRE roles
- Kubernetes and Docker in production
- Terraform
- One of AWS, GCP, Azure
- CI/CD with Jenkins or GitLab CI/CD
Preferred
- Prometheus and Grafana
Package: HKD 40,000 - 55,000 per month`,
    required: [
      'DevOps',
      'Kubernetes',
      'Docker',
      'Terraform',
      'AWS | Google Cloud Platform | Microsoft Azure',
      'Continuous Integration',
      'Jenkins | GitLab CI/CD',
    ],
    nice: ['Prometheus', 'Grafana'],
    titles: ['DevOps Engineer'],
    years: { min: 4 },
    salary: { min: 40000, max: 55000, currency: 'HKD' },
    languages: [],
    locations: ['Hong Kong'],
  },
  {
    key: 'data-engineer-yearly',
    form: 'text',
    text: `Data Engineer
You will build batch and streaming pipelines with Apache Spark and Apache Airflow on Snowflake.
Requirements: 3-6 years of data engineering, strong Python and SQL, dbt.
Nice to have: Kafka.
Singapore. SGD 96,000 - 132,000 per annum.`,
    required: ['Apache Spark', 'Apache Airflow', 'Snowflake', 'Data Engineering', 'Python', 'SQL', 'dbt'],
    nice: ['Apache Kafka'],
    titles: ['Data Engineer'],
    years: { min: 3, max: 6 },
    salary: { min: 8000, max: 11000, currency: 'SGD' },
    languages: [],
    locations: ['Singapore'],
  },
  {
    key: 'ml-engineer',
    form: 'pdf',
    text: `Machine Learning Engineer
Requirements
- 4+ years of experience in machine learning
- Python
- PyTorch or TensorFlow
- Docker
Nice to have
- Kubernetes
- MLflow
Location: Singapore
Salary: up to SGD 14,000 per month`,
    required: ['Machine Learning', 'Python', 'PyTorch | TensorFlow', 'Docker'],
    nice: ['Kubernetes', 'MLflow'],
    titles: ['Machine Learning Engineer'],
    years: { min: 4 },
    salary: { max: 14000, currency: 'SGD' },
    languages: [],
    locations: ['Singapore'],
  },
  {
    key: 'mobile-android',
    form: 'text',
    text: `Android Developer
Requirements
- Kotlin
- Jetpack Compose
- 2+ years of Android development
- English and Bahasa Indonesia
Location: Jakarta. Salary IDR 25,000,000 - 35,000,000 per month.`,
    required: ['Kotlin', 'Jetpack Compose', 'Android Development'],
    nice: [],
    titles: ['Android Developer'],
    years: { min: 2 },
    salary: { min: 25000000, max: 35000000, currency: 'IDR' },
    languages: ['English', 'Indonesian'],
    locations: ['Jakarta'],
  },
  {
    key: 'ios-prose',
    form: 'text',
    text: `iOS Engineer
Our app is written in Swift with SwiftUI and some Objective-C. You have 3+ years of iOS experience and ship to the App Store regularly. Experience with Firebase is nice to have.
Bangkok, on-site. THB 90,000 - 130,000 per month.`,
    required: ['Swift', 'SwiftUI', 'Objective-C'],
    nice: ['Firebase'],
    titles: ['iOS Engineer'],
    years: { min: 3 },
    salary: { min: 90000, max: 130000, currency: 'THB' },
    languages: [],
    locations: ['Bangkok'],
    remote: false,
  },
  {
    key: 'fullstack-table',
    form: 'docx',
    text: `Full Stack Developer
Must have | Nice to have
Node.js | Vue.js
React | Redis
MongoDB |
Experience: minimum 2 years
Location: Ho Chi Minh City
Salary: USD 2,000 - 3,500 per month`,
    required: ['Node.js', 'React', 'MongoDB'],
    nice: ['Vue.js', 'Redis'],
    titles: ['Full Stack Developer'],
    years: { min: 2 },
    salary: { min: 2000, max: 3500, currency: 'USD' },
    languages: [],
    locations: ['Ho Chi Minh City'],
  },
  {
    key: 'qa-automation',
    form: 'text',
    text: `QA Engineer
Requirements
- 3+ years in test automation
- Selenium or Playwright
- Java or Python
- API testing with Postman
Location: Manila. Salary: PHP 80,000 - 110,000 per month.`,
    required: ['Test Automation', 'Selenium | Playwright', 'Java | Python', 'Postman'],
    nice: [],
    titles: ['QA Engineer'],
    years: { min: 3 },
    salary: { min: 80000, max: 110000, currency: 'PHP' },
    languages: [],
    locations: ['Manila'],
  },
  {
    key: 'security-engineer',
    form: 'text',
    text: `Security Engineer
You bring 5+ years in security engineering with penetration testing and incident response.
Requirements
- SIEM (Splunk)
- Python scripting
- AWS security
Nice to have: OSCP certification.
Location: Singapore. Salary: SGD 10,000 - 14,000 / month.`,
    required: ['Penetration Testing', 'Incident Response', 'SIEM', 'Splunk', 'Python', 'AWS'],
    nice: ['OSCP'],
    titles: ['Security Engineer'],
    years: { min: 5 },
    salary: { min: 10000, max: 14000, currency: 'SGD' },
    languages: [],
    locations: ['Singapore'],
  },
  {
    key: 'bi-developer',
    form: 'pdf',
    text: `Business Intelligence Developer
Requirements
- Power BI or Tableau
- SQL Server and T-SQL
- Data modelling
- At least 3 years of BI development
Nice to have
- Azure Data Factory
Location: Kuala Lumpur
Salary: RM 7,000 - 10,000 per month`,
    required: ['Microsoft Power BI | Tableau', 'Microsoft SQL Server', 'T-SQL', 'Data Modeling'],
    nice: ['Azure Data Factory'],
    titles: ['Business Intelligence Developer'],
    years: { min: 3 },
    salary: { min: 7000, max: 10000, currency: 'MYR' },
    languages: [],
    locations: ['Kuala Lumpur'],
  },
  {
    key: 'data-scientist',
    form: 'text',
    text: `Data Scientist
Requirements
- 3-5 years of experience building predictive models
- Python, Pandas and scikit-learn
- SQL
- Statistics
Nice to have
- Spark
Location: Singapore. Fluent English.
Salary: SGD 8,000 - 11,000 per month`,
    required: ['Python', 'Pandas', 'scikit-learn', 'SQL', 'Statistics'],
    nice: ['Apache Spark'],
    titles: ['Data Scientist'],
    years: { min: 3, max: 5 },
    salary: { min: 8000, max: 11000, currency: 'SGD' },
    languages: ['English'],
    locations: ['Singapore'],
  },
  {
    key: 'product-designer',
    form: 'text',
    text: `Product Designer
Requirements
- 4+ years designing digital products
- Figma
- User research and prototyping
- A portfolio of shipped work
Nice to have
- Adobe Illustrator
Location: Singapore. Salary: SGD 6,500 - 9,000 per month.`,
    required: ['Figma', 'User Research', 'Prototyping'],
    nice: ['Adobe Illustrator'],
    titles: ['Product Designer'],
    years: { min: 4 },
    salary: { min: 6500, max: 9000, currency: 'SGD' },
    languages: [],
    locations: ['Singapore'],
  },
  {
    key: 'ux-researcher-hk',
    form: 'text',
    text: `UX Researcher
You plan and run usability testing and user interviews, and turn them into insight. 3+ years of experience. Cantonese and English required.
Hong Kong. Salary up to HKD 45,000 per month.`,
    required: ['Usability Testing', 'User Interviews'],
    nice: [],
    titles: ['UX Researcher'],
    years: { min: 3 },
    salary: { max: 45000, currency: 'HKD' },
    languages: ['Cantonese', 'English'],
    locations: ['Hong Kong'],
  },
  {
    key: 'graphic-designer',
    form: 'docx',
    text: `Graphic Designer
Requirements
- Adobe Photoshop and Adobe Illustrator
- Adobe InDesign
- 2+ years in an agency or in-house team
Nice to have
- Motion graphics with Adobe After Effects
Location: Kuala Lumpur
Salary: MYR 4,000 - 5,500 a month`,
    required: ['Adobe Photoshop', 'Adobe Illustrator', 'Adobe InDesign'],
    nice: ['Motion Graphics', 'Adobe After Effects'],
    titles: ['Graphic Designer'],
    years: { min: 2 },
    salary: { min: 4000, max: 5500, currency: 'MYR' },
    languages: [],
    locations: ['Kuala Lumpur'],
  },
  {
    key: 'digital-marketing',
    form: 'text',
    text: `Digital Marketing Manager
Requirements
- 5+ years in digital marketing
- Google Ads and Meta Ads
- Google Analytics
- SEO
Nice to have
- HubSpot
Location: Singapore. Salary: SGD 7,000 - 9,500 per month. English and Mandarin.`,
    required: ['Digital Marketing', 'Google Ads', 'Meta Ads', 'Google Analytics', 'Search Engine Optimization'],
    nice: ['HubSpot'],
    titles: ['Digital Marketing Manager'],
    years: { min: 5 },
    salary: { min: 7000, max: 9500, currency: 'SGD' },
    languages: ['English', 'Mandarin'],
    locations: ['Singapore'],
  },
  {
    key: 'content-marketing',
    form: 'text',
    text: `Content Marketing Manager
You write and edit long-form content, run our content strategy and own the editorial calendar. At least 4 years of experience. Excellent English.
Remote. Salary from USD 4,000 per month.`,
    required: ['Content Strategy'],
    nice: [],
    titles: ['Content Marketing Manager'],
    years: { min: 4 },
    salary: { min: 4000, currency: 'USD' },
    languages: ['English'],
    locations: [],
    remote: true,
  },
  {
    key: 'performance-marketing',
    form: 'pdf',
    text: `Performance Marketing Specialist
Requirements
- 2-4 years running paid campaigns
- Google Ads or Meta Ads
- Excel
- Fluent Bahasa Indonesia
Location: Jakarta
Salary: IDR 15,000,000 - 22,000,000 per month`,
    required: ['Google Ads | Meta Ads', 'Microsoft Excel'],
    nice: [],
    titles: ['Marketing Specialist'],
    years: { min: 2, max: 4 },
    salary: { min: 15000000, max: 22000000, currency: 'IDR' },
    languages: ['Indonesian'],
    locations: ['Jakarta'],
  },
];
