/** The judged descriptions of finance, people, sales, engineering, operations and product roles (descriptions.ts). */
import type { Judged } from './judged';

export const BUSINESS_AND_ENGINEERING: Judged[] = [
  {
    key: 'accountant',
    form: 'text',
    text: `Accountant
Requirements
- Degree in accounting; 3+ years of full-set accounts
- Xero or QuickBooks
- SFRS and GST filing
- Microsoft Excel
Location: Singapore. Salary: SGD 4,500 - 6,000 per month.`,
    required: ['Xero | QuickBooks', 'Microsoft Excel', 'GST'],
    nice: [],
    titles: ['Accountant'],
    years: { min: 3 },
    salary: { min: 4500, max: 6000, currency: 'SGD' },
    languages: [],
    locations: ['Singapore'],
  },
  {
    key: 'financial-analyst',
    form: 'text',
    text: `Financial Analyst
You build financial models, run variance analysis and support budgeting. 2+ years in FP&A. Advanced Excel; Power BI is a plus.
Hong Kong. HKD 30,000 - 40,000 per month. English and Cantonese.`,
    required: ['Financial Modelling', 'Variance Analysis', 'Budgeting', 'Advanced Excel'],
    nice: ['Microsoft Power BI'],
    titles: ['Financial Analyst'],
    years: { min: 2 },
    salary: { min: 30000, max: 40000, currency: 'HKD' },
    languages: ['English', 'Cantonese'],
    locations: ['Hong Kong'],
  },
  {
    key: 'finance-manager-yearly',
    form: 'docx',
    text: `Finance Manager
Requirements
- CPA or ACCA
- 8+ years in finance, 3 in a manager role
- IFRS reporting
- SAP FICO
Location: Kuala Lumpur
Salary: MYR 180,000 - 240,000 per year`,
    required: ['CPA | ACCA', 'IFRS', 'SAP FICO'],
    nice: [],
    titles: ['Finance Manager'],
    years: { min: 8 },
    salary: { min: 15000, max: 20000, currency: 'MYR' },
    languages: [],
    locations: ['Kuala Lumpur'],
  },
  {
    key: 'auditor',
    form: 'text',
    text: `Internal Auditor
Requirements
- 3-7 years in internal audit or external audit
- Risk assessment and internal controls
- CIA certification preferred
Location: Manila
Salary: PHP 60,000 - 90,000 per month`,
    required: ['Internal Audit | External Audit', 'Risk Assessment', 'Internal Controls'],
    nice: ['CIA'],
    titles: ['Internal Auditor'],
    years: { min: 3, max: 7 },
    salary: { min: 60000, max: 90000, currency: 'PHP' },
    languages: [],
    locations: ['Manila'],
  },
  {
    key: 'recruiter',
    form: 'text',
    text: `Technical Recruiter
You run full-cycle recruitment for engineering roles: sourcing, screening and offer negotiation. 3+ years of tech recruiting. LinkedIn Recruiter is a plus.
Singapore. Salary SGD 5,000 - 7,500 per month.`,
    required: ['Technical Recruiting', 'Sourcing', 'Offer Negotiation'],
    nice: ['LinkedIn Recruiter'],
    titles: ['Technical Recruiter'],
    years: { min: 3 },
    salary: { min: 5000, max: 7500, currency: 'SGD' },
    languages: [],
    locations: ['Singapore'],
  },
  {
    key: 'hrbp',
    form: 'pdf',
    text: `HR Business Partner
Requirements
- 6+ years in HR
- Employee relations and performance management
- Workday HCM or SAP SuccessFactors
- Fluent English and Mandarin
Location: Singapore
Salary: at most SGD 10,000 per month`,
    required: ['Employee Relations', 'Performance Management', 'Workday HCM | SAP SuccessFactors'],
    nice: [],
    titles: ['HR Business Partner'],
    years: { min: 6 },
    salary: { max: 10000, currency: 'SGD' },
    languages: ['English', 'Mandarin'],
    locations: ['Singapore'],
  },
  {
    key: 'payroll',
    form: 'text',
    text: `Payroll Specialist
Requirements
- 2+ years processing payroll for 500+ employees
- Payroll Processing
- Microsoft Excel
Location: Kuala Lumpur. Fluent Malay and English.
Salary: RM 4,000 - 5,500 per month`,
    required: ['Payroll Processing', 'Microsoft Excel'],
    nice: [],
    titles: ['Payroll Specialist'],
    years: { min: 2 },
    salary: { min: 4000, max: 5500, currency: 'MYR' },
    languages: ['Malay', 'English'],
    locations: ['Kuala Lumpur'],
  },
  {
    key: 'account-executive',
    form: 'text',
    text: `Account Executive
Requirements
- 3+ years in B2B SaaS sales
- Salesforce CRM
- Lead generation and negotiation
Location: Singapore. Base salary from SGD 6,000 per month plus commission.`,
    required: ['SaaS Sales', 'Salesforce CRM', 'Lead Generation', 'Negotiation'],
    nice: [],
    titles: ['Account Executive'],
    years: { min: 3 },
    salary: { min: 6000, currency: 'SGD' },
    languages: [],
    locations: ['Singapore'],
  },
  {
    key: 'sales-manager-hk',
    form: 'docx',
    text: `Sales Manager
Requirements
- 7+ years in enterprise sales, 2 leading a team
- Key account management
- Fluent Cantonese, English and Mandarin
Location: Hong Kong
Package: HKD 720,000 - 960,000 per annum`,
    required: ['Enterprise Sales', 'Key Account Management'],
    nice: [],
    titles: ['Sales Manager'],
    years: { min: 7 },
    salary: { min: 60000, max: 80000, currency: 'HKD' },
    languages: ['Cantonese', 'English', 'Mandarin'],
    locations: ['Hong Kong'],
  },
  {
    key: 'customer-success',
    form: 'text',
    text: `Customer Success Manager
You onboard and grow our mid-market accounts. 2-5 years in customer success. Zendesk or Intercom. Japanese is an advantage.
Tokyo. JPY 500,000 - 700,000 per month.`,
    required: ['Customer Success', 'Zendesk | Intercom'],
    nice: [],
    titles: ['Customer Success Manager'],
    years: { min: 2, max: 5 },
    salary: { min: 500000, max: 700000, currency: 'JPY' },
    languages: [],
    locations: ['Tokyo'],
  },
  {
    key: 'mechanical-engineer',
    form: 'text',
    text: `Mechanical Engineer
Requirements
- Degree in mechanical engineering
- 3+ years in product design
- SolidWorks or AutoCAD
- GD&T
Location: Kuala Lumpur. Salary: MYR 6,000 - 8,000 per month.`,
    required: ['Mechanical Engineering', 'Product Design', 'SolidWorks | AutoCAD', 'GD&T'],
    nice: [],
    titles: ['Mechanical Engineer'],
    years: { min: 3 },
    salary: { min: 6000, max: 8000, currency: 'MYR' },
    languages: [],
    locations: ['Kuala Lumpur'],
  },
  {
    key: 'electrical-engineer',
    form: 'pdf',
    text: `Electrical Engineer
Requirements
- 5+ years designing power distribution systems
- AutoCAD
- MATLAB
Nice to have
- PLC programming
Location: Singapore
Salary: SGD 5,500 - 7,500 per month`,
    required: ['AutoCAD', 'MATLAB'],
    nice: ['PLC Programming'],
    titles: ['Electrical Engineer'],
    years: { min: 5 },
    salary: { min: 5500, max: 7500, currency: 'SGD' },
    languages: [],
    locations: ['Singapore'],
  },
  {
    key: 'manufacturing-engineer',
    form: 'text',
    text: `Manufacturing Engineer
You improve yield on our SMT lines with Lean Six Sigma and root cause analysis. At least 4 years in electronics manufacturing. Minitab is a plus.
Singapore, on-site. Salary up to MYR 9,000 per month.`,
    required: ['Lean Six Sigma', 'Root Cause Analysis'],
    nice: [],
    titles: ['Manufacturing Engineer'],
    years: { min: 4 },
    salary: { max: 9000, currency: 'MYR' },
    languages: [],
    locations: ['Singapore'],
    remote: false,
  },
  {
    key: 'supply-chain',
    form: 'text',
    text: `Supply Chain Analyst
Requirements
- 2+ years in demand planning
- SAP or Oracle
- Advanced Excel
Location: Bangkok. Thai and English.
Salary: THB 50,000 - 70,000 per month`,
    required: ['Demand Planning', 'SAP | Oracle', 'Advanced Excel'],
    nice: [],
    titles: ['Supply Chain Analyst'],
    years: { min: 2 },
    salary: { min: 50000, max: 70000, currency: 'THB' },
    languages: ['Thai', 'English'],
    locations: ['Bangkok'],
  },
  {
    key: 'procurement',
    form: 'docx',
    text: `Procurement Manager
Requirements
- 8+ years in procurement
- Strategic sourcing and contract negotiation
- Vendor management
Location: Singapore
Salary: SGD 9,000 - 12,000 per month`,
    required: ['Procurement', 'Strategic Sourcing', 'Contract Negotiation', 'Vendor Management'],
    nice: [],
    titles: ['Procurement Manager'],
    years: { min: 8 },
    salary: { min: 9000, max: 12000, currency: 'SGD' },
    languages: [],
    locations: ['Singapore'],
  },
  {
    key: 'product-manager',
    form: 'text',
    text: `Product Manager
You own the roadmap for our payments product and work with engineering and design. 4+ years in product management; experience with Jira and A/B testing. SQL is a plus.
Singapore. SGD 9,000 - 13,000 per month.`,
    required: ['Product Management', 'Jira', 'A/B Testing'],
    nice: ['SQL'],
    titles: ['Product Manager'],
    years: { min: 4 },
    salary: { min: 9000, max: 13000, currency: 'SGD' },
    languages: [],
    locations: ['Singapore'],
  },
  {
    key: 'project-manager',
    form: 'text',
    text: `IT Project Manager
Requirements
- PMP or PRINCE2
- 6+ years managing IT projects
- Scrum
Location: Manila. Salary: PHP 120,000 - 160,000 per month.`,
    required: ['PMP | PRINCE2', 'Scrum'],
    nice: [],
    titles: ['IT Project Manager'],
    years: { min: 6 },
    salary: { min: 120000, max: 160000, currency: 'PHP' },
    languages: [],
    locations: ['Manila'],
  },
  {
    key: 'sre-remote',
    form: 'text',
    text: `Site Reliability Engineer
Requirements
- 5+ years in SRE or production operations
- Linux
- Go or Python
- Prometheus
Fully remote. Salary: USD 90,000 - 120,000 a year.`,
    required: ['Linux', 'Go | Python', 'Prometheus'],
    nice: [],
    titles: ['Site Reliability Engineer'],
    years: { min: 5 },
    salary: { min: 7500, max: 10000, currency: 'USD' },
    languages: [],
    locations: [],
    remote: true,
  },
  {
    key: 'dotnet',
    form: 'pdf',
    text: `.NET Developer
Requirements
- C# and ASP.NET Core
- Microsoft SQL Server
- 3-6 years of experience
Nice to have
- Azure
Location: Ho Chi Minh City
Salary: USD 1,800 - 3,000 per month`,
    required: ['C#', 'ASP.NET Core', 'Microsoft SQL Server'],
    nice: ['Microsoft Azure'],
    titles: ['.NET Developer'],
    years: { min: 3, max: 6 },
    salary: { min: 1800, max: 3000, currency: 'USD' },
    languages: [],
    locations: ['Ho Chi Minh City'],
  },
  {
    key: 'python-developer',
    form: 'text',
    text: `Python Developer
Requirements
- 2+ years with Python
- Django or FastAPI
- PostgreSQL
- Docker
Location: Kuala Lumpur. Salary from MYR 6,000 per month.`,
    required: ['Python', 'Django | FastAPI', 'PostgreSQL', 'Docker'],
    nice: [],
    titles: ['Python Developer'],
    years: { min: 2 },
    salary: { min: 6000, currency: 'MYR' },
    languages: [],
    locations: ['Kuala Lumpur'],
  },
];
