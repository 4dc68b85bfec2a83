/**
 * Which job titles are of one trade, as a recruiter would shortlist across them: a curated table
 * of families over the lookups' titles, written without seniority ('Senior', 'Lead', 'Junior' are
 * set aside before looking up). Two titles are related when they are the same once seniority is
 * set aside, or share a family; never for sharing a word ('Manufacturing Engineer' and 'Backend
 * Engineer' share 'Engineer' and nothing else). A title in no family relates only to itself.
 */

/** One family a line, its titles separated by semicolons. */
const FAMILIES: string[] = [
  // Software
  'Software Engineer; Software Developer; Backend Engineer; Backend Developer; Full Stack Engineer; Full Stack Developer; Web Developer; Java Developer; Python Developer; .NET Developer; PHP Developer; Ruby on Rails Developer; Golang Developer; Node.js Developer; C++ Developer; API Developer; Integration Engineer; Technical Lead; Tech Lead Manager; Software Architect; Staff Software Engineer; Principal Software Engineer; Distinguished Engineer; Mainframe Developer; COBOL Programmer; Salesforce Developer; Blockchain Developer; Smart Contract Engineer',
  'Frontend Engineer; Frontend Developer; Web Developer; Full Stack Engineer; Full Stack Developer; Software Engineer; Web Designer',
  'Mobile Engineer; iOS Engineer; iOS Developer; Android Engineer; Android Developer; React Native Developer; Flutter Developer',
  'DevOps Engineer; Site Reliability Engineer; Platform Engineer; Infrastructure Engineer; Cloud Engineer; Build and Release Engineer; Kubernetes Engineer; Observability Engineer; Systems Engineer; Systems Administrator; Linux Administrator; Cloud Architect; Release Manager',
  'Network Engineer; Network Administrator; Systems Engineer; Systems Administrator; Telecommunications Engineer',
  'QA Engineer; QA Analyst; Software Development Engineer in Test; Test Automation Engineer; Manual Tester; Performance Engineer; Test Engineer; Validation Engineer; Verification Engineer',
  'Security Engineer; Application Security Engineer; Cloud Security Engineer; Security Analyst; SOC Analyst; Penetration Tester; Security Architect; Information Security Manager; Cybersecurity Consultant; Identity and Access Management Engineer',
  'IT Support Specialist; Help Desk Technician; Desktop Support Engineer; Technical Support Engineer; IT Manager',
  'Solutions Architect; Enterprise Architect; Cloud Architect; Software Architect; Principal Architect; Solutions Engineer; Sales Engineer; Pre-Sales Consultant',
  'Engineering Manager; Director of Engineering; VP of Engineering; Head of Engineering; Tech Lead Manager; Chief Technology Officer',
  'SAP Consultant; SAP ABAP Developer; ERP Consultant; Functional Consultant; CRM Administrator; Salesforce Administrator',
  // Data and AI
  'Data Analyst; Business Intelligence Analyst; Business Intelligence Developer; BI Manager; Product Analyst; Marketing Analyst; Insights Analyst; Reporting Analyst; Data Visualization Specialist; Analytics Engineer; Data Quality Analyst; Business Analyst; Operations Analyst; People Analytics Manager',
  'Data Scientist; Machine Learning Engineer; AI Engineer; Applied Scientist; Research Scientist; AI Research Scientist; NLP Engineer; Deep Learning Engineer; Computer Vision Engineer; Decision Scientist; Statistician; Quantitative Analyst; Quantitative Researcher; Business Analyst',
  'Data Engineer; Analytics Engineer; Data Architect; MLOps Engineer; Business Intelligence Developer; Data Analyst; Database Engineer',
  // Product, projects, design
  'Product Manager; Associate Product Manager; Group Product Manager; Principal Product Manager; Technical Product Manager; Product Owner; Growth Product Manager; Product Operations Manager; Director of Product Management; Head of Product; VP of Product; Project Manager; Program Manager',
  'Project Manager; IT Project Manager; Program Manager; Technical Program Manager; Delivery Manager; Project Coordinator; PMO Manager; Portfolio Manager; Scrum Master; Agile Coach; Construction Project Manager; Product Manager',
  'Product Designer; UX Designer; UI Designer; UX/UI Designer; Interaction Designer; UX Researcher; Service Designer; Design Systems Designer; Visual Designer; Web Designer; Content Designer; UX Writer; Design Manager; Head of Design',
  'Graphic Designer; Visual Designer; Brand Designer; Motion Designer; Illustrator; Art Director; Creative Director; Packaging Designer; Web Designer; Animator; 3D Artist; Video Editor',
  // Marketing and communications
  'Marketing Manager; Marketing Director; Head of Marketing; VP of Marketing; Marketing Coordinator; Marketing Executive; Marketing Specialist; Digital Marketing Manager; Digital Marketing Specialist; Performance Marketing Manager; Growth Marketing Manager; Brand Manager; Product Marketing Manager; Field Marketing Manager; Demand Generation Manager; Marketing Operations Manager; Trade Marketing Manager; Channel Marketing Manager; Partner Marketing Manager; Lifecycle Marketing Manager; Customer Marketing Manager; CRM Marketing Manager',
  'Digital Marketing Manager; Digital Marketing Specialist; Performance Marketing Manager; Growth Marketing Manager; Growth Hacker; SEO Specialist; SEO Manager; SEM Specialist; PPC Specialist; Paid Social Manager; Media Buyer; Media Planner; Email Marketing Specialist; Marketing Automation Specialist; Affiliate Marketing Manager; Marketing Executive; Marketing Specialist',
  'Content Marketing Manager; Content Strategist; Content Writer; Content Creator; Copywriter; Editor; Managing Editor; Journalist; Social Media Manager; Social Media Coordinator; Community Manager; Influencer Marketing Manager; UX Writer; Technical Writer',
  'Public Relations Manager; PR Specialist; Communications Manager; Corporate Communications Director; Internal Communications Manager; Brand Strategist',
  // Sales and customers
  'Account Executive; Enterprise Account Executive; Sales Development Representative; Business Development Representative; Inside Sales Representative; Outside Sales Representative; Sales Representative; Sales Manager; Regional Sales Manager; Area Sales Manager; Territory Sales Manager; Business Development Manager; Account Manager; Key Account Manager; Strategic Account Manager; Channel Sales Manager; Partner Manager; Alliances Manager',
  'Sales Manager; Sales Director; Head of Sales; VP of Sales; National Sales Manager; Regional Sales Manager; Business Development Director; Chief Revenue Officer; Chief Sales Officer',
  'Customer Success Manager; Customer Success Associate; Head of Customer Success; Account Manager; Technical Account Manager; Implementation Consultant; Onboarding Specialist',
  'Customer Support Representative; Customer Service Representative; Customer Service Manager; Call Center Agent',
  'Retail Manager; Store Manager; Assistant Store Manager; Retail Sales Associate; Sales Associate; Visual Merchandiser; Cashier',
  'Buyer; Buyer Planner; Merchandise Planner; Category Manager; E-commerce Manager; Procurement Specialist; Purchasing Manager',
  // Finance
  'Accountant; Staff Accountant; Chartered Accountant; Certified Public Accountant; Management Accountant; Cost Accountant; Fund Accountant; Tax Accountant; Bookkeeper; Accounts Payable Specialist; Accounts Receivable Specialist; Accounts Assistant; Financial Controller; Assistant Controller; Financial Analyst',
  'Financial Analyst; FP&A Analyst; FP&A Manager; Finance Manager; Investment Analyst; Treasury Analyst; Credit Analyst; Business Analyst; Accountant',
  'Finance Manager; Finance Director; Financial Controller; Group Financial Controller; Head of Finance; VP of Finance; Chief Financial Officer; FP&A Manager; Treasury Manager; Treasurer',
  'Internal Auditor; External Auditor; Audit Manager; Audit Associate; Audit Senior; Head of Internal Audit; Compliance Officer; Risk Analyst',
  'Payroll Specialist; Payroll Manager; Compensation Analyst; Benefits Administrator; HR Operations Specialist',
  'Billing Specialist; Credit Controller; Collections Specialist; Accounts Receivable Specialist; Medical Billing Specialist',
  'Investment Analyst; Investment Banker; Investment Banking Analyst; Investment Banking Associate; Equity Research Analyst; Portfolio Analyst; Fund Manager; Asset Manager; Private Equity Associate; Venture Capital Associate; Mergers and Acquisitions Analyst; Corporate Development Manager',
  'Risk Analyst; Risk Manager; Credit Risk Manager; Market Risk Analyst; Compliance Officer; Compliance Manager; AML Analyst; KYC Analyst; Fraud Analyst',
  'Procurement Manager; Procurement Specialist; Procurement Analyst; Purchasing Manager; Strategic Sourcing Manager; Buyer; Vendor Manager; Contract Manager',
  // People
  'Recruiter; Technical Recruiter; Executive Recruiter; Recruitment Consultant; Recruitment Coordinator; Sourcer; Sourcing Specialist; Headhunter; Campus Recruiter; Talent Acquisition Partner; Talent Acquisition Specialist; Talent Acquisition Manager; Head of Talent Acquisition',
  'HR Business Partner; HR Generalist; HR Manager; HR Director; People Partner; People Operations Manager; Head of People; Employee Relations Specialist; HR Coordinator; HR Assistant; HR Consultant',
  'Learning and Development Manager; Learning and Development Specialist; Corporate Trainer; Instructional Designer; E-learning Developer; Curriculum Developer',
  'Executive Assistant; Personal Assistant; Administrative Assistant; Office Administrator; Office Manager; Receptionist; Virtual Assistant',
  // Operations and supply chain
  'Operations Manager; Operations Director; Head of Operations; Business Operations Manager; Strategy and Operations Manager; Operations Coordinator; Operations Analyst',
  'Supply Chain Manager; Supply Chain Analyst; Supply Chain Director; Head of Supply Chain; Logistics Manager; Logistics Coordinator; Logistics Analyst; Demand Planner; Supply Planner; Materials Planner; Inventory Manager; Inventory Analyst; Distribution Manager; Supply Chain Consultant',
  'Warehouse Manager; Warehouse Supervisor; Warehouse Associate; Warehouse Operative; Inventory Controller; Picker Packer; Forklift Operator',
  'Process Improvement Manager; Continuous Improvement Manager; Lean Six Sigma Black Belt; Industrial Engineer; Process Engineer; Manufacturing Engineer',
  // Engineering disciplines
  'Mechanical Engineer; Design Engineer; R&D Engineer; Automotive Engineer; Aerospace Engineer; HVAC Engineer; Manufacturing Engineer; Product Design Engineer',
  'Electrical Engineer; Electronics Engineer; Hardware Engineer; Instrumentation Engineer; Controls Engineer; Automation Engineer; Power Engineer; Building Services Engineer; MEP Engineer',
  'Manufacturing Engineer; Process Engineer; Production Engineer; Industrial Engineer; Quality Engineer; Reliability Engineer; Maintenance Engineer; Automation Engineer',
  'Quality Engineer; Quality Manager; Quality Control Inspector; Quality Assurance Manager; Quality Assurance Specialist',
  'Civil Engineer; Structural Engineer; Site Engineer; Project Engineer; Construction Manager; Site Manager; Quantity Surveyor; Planning Engineer',
  // Legal
  'Lawyer; Attorney; Associate Attorney; Legal Counsel; In-House Counsel; Corporate Lawyer; Employment Lawyer; Litigation Associate; Solicitor; Barrister; General Counsel; Deputy General Counsel; Privacy Counsel',
];

const SENIORITY =
  /\b(senior|sr|junior|jr|lead|principal|staff|head|chief|associate|assistant|intern|trainee|graduate|mid|entry[- ]level|i{1,3})\b\.?/gi;

/** A title without seniority, lower case: 'Senior Backend Engineer' → 'backend engineer'. */
export const coreTitle = (title: string) => title.toLowerCase().replace(SENIORITY, ' ').replace(/\s+/g, ' ').trim();

const familiesOf = new Map<string, Set<number>>();
FAMILIES.forEach((family, i) => {
  for (const title of family.split('; ')) {
    const key = coreTitle(title);
    const set = familiesOf.get(key) ?? new Set<number>();
    set.add(i);
    familiesOf.set(key, set);
  }
});

/** Whether two titles are of one trade: the same without seniority, or in one curated family. */
export function related(a: string, b: string): boolean {
  const x = coreTitle(a);
  const y = coreTitle(b);
  if (!x || !y) return false;
  if (x === y) return true;
  const fx = familiesOf.get(x);
  const fy = familiesOf.get(y);
  return Boolean(fx && fy && [...fx].some((f) => fy.has(f)));
}
