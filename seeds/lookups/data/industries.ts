/**
 * Industries in the style of LinkedIn's industry taxonomy.
 * `lookupRows()` trims, de-duplicates and sorts them.
 */
export const industries: readonly string[] = [
  // Technology, information and media
  'Software Development', 'IT Services and IT Consulting', 'Computer and Network Security',
  'Computer Hardware Manufacturing', 'Computer Networking Products', 'Data Infrastructure and Analytics',
  'Technology, Information and Internet', 'Internet Marketplace Platforms', 'Internet Publishing',
  'Social Networking Platforms', 'Computer Games', 'Mobile Gaming Apps', 'Semiconductor Manufacturing',
  'Telecommunications', 'Wireless Services', 'Satellite Telecommunications', 'Information Services',
  'Blockchain Services', 'Embedded Software Products', 'Desktop Computing Software Products',
  'Business Intelligence Platforms', 'Artificial Intelligence', 'Robotics Engineering',
  'Broadcast Media Production and Distribution', 'Newspaper Publishing', 'Book and Periodical Publishing',
  'Movies, Videos, and Sound', 'Musicians', 'Online Audio and Video Media', 'Media Production',
  'Animation and Post-production', 'Radio and Television Broadcasting',

  // Financial services and real estate
  'Financial Services', 'Banking', 'Investment Banking', 'Investment Management', 'Venture Capital and Private Equity Principals',
  'Capital Markets', 'Insurance', 'Insurance Agencies and Brokerages', 'Accounting', 'Credit Intermediation',
  'Funds and Trusts', 'Trusts and Estates', 'Real Estate', 'Leasing Non-residential Real Estate',
  'Real Estate Agents and Brokers', 'Fintech',

  // Professional services
  'Business Consulting and Services', 'Strategic Management Services', 'Law Practice', 'Legal Services',
  'Alternative Dispute Resolution', 'Staffing and Recruiting', 'Executive Search Services',
  'Human Resources Services', 'Advertising Services', 'Marketing Services', 'Public Relations and Communications Services',
  'Market Research', 'Design Services', 'Graphic Design', 'Architecture and Planning', 'Civil Engineering',
  'Engineering Services', 'Environmental Services', 'Research Services', 'Think Tanks', 'Translation and Localization',
  'Outsourcing and Offshoring Consulting', 'Events Services', 'Photography', 'Writing and Editing',
  'Security and Investigations', 'Facilities Services', 'Administrative and Support Services',

  // Healthcare and life sciences
  'Hospitals and Health Care', 'Hospitals', 'Medical Practices', 'Mental Health Care', 'Nursing Homes and Residential Care Facilities',
  'Home Health Care Services', 'Medical Equipment Manufacturing', 'Pharmaceutical Manufacturing',
  'Biotechnology Research', 'Alternative Medicine', 'Veterinary Services', 'Wellness and Fitness Services',
  'Individual and Family Services', 'Public Health',

  // Education and public sector
  'Education', 'Higher Education', 'Primary and Secondary Education', 'E-Learning Providers',
  'Professional Training and Coaching', 'Education Administration Programs', 'Government Administration',
  'Armed Forces', 'Law Enforcement', 'Public Safety', 'International Affairs', 'Public Policy Offices',
  'Legislative Offices', 'Non-profit Organizations', 'Philanthropic Fundraising Services', 'Civic and Social Organizations',
  'Religious Institutions', 'Museums, Historical Sites, and Zoos', 'Libraries',

  // Consumer, retail and hospitality
  'Retail', 'Retail Apparel and Fashion', 'Retail Groceries', 'Retail Luxury Goods and Jewelry',
  'Online and Mail Order Retail', 'Consumer Services', 'Consumer Goods', 'Personal Care Product Manufacturing',
  'Food and Beverage Services', 'Food and Beverage Manufacturing', 'Restaurants', 'Hospitality',
  'Hotels and Motels', 'Travel Arrangements', 'Leisure, Travel and Tourism', 'Entertainment Providers',
  'Spectator Sports', 'Gambling Facilities and Casinos', 'Beverage Manufacturing', 'Wholesale',
  'Wholesale Import and Export', 'Furniture and Home Furnishings Manufacturing', 'Sporting Goods Manufacturing',
  'Textile Manufacturing', 'Apparel Manufacturing', 'Tobacco Manufacturing', 'Personal Care Services',

  // Industrial, energy and transportation
  'Manufacturing', 'Industrial Machinery Manufacturing', 'Automation Machinery Manufacturing',
  'Motor Vehicle Manufacturing', 'Aviation and Aerospace Component Manufacturing', 'Defense and Space Manufacturing',
  'Chemical Manufacturing', 'Plastics Manufacturing', 'Paper and Forest Product Manufacturing',
  'Packaging and Containers Manufacturing', 'Glass, Ceramics and Concrete Manufacturing', 'Printing Services',
  'Electrical Equipment Manufacturing', 'Appliances, Electrical, and Electronics Manufacturing',
  'Renewable Energy Semiconductor Manufacturing', 'Shipbuilding', 'Railroad Equipment Manufacturing',
  'Construction', 'Building Construction', 'Building Materials', 'Oil and Gas', 'Mining',
  'Utilities', 'Electric Power Generation', 'Renewable Energy Power Generation', 'Solar Electric Power Generation',
  'Water, Waste, Steam, and Air Conditioning Services', 'Environmental Quality Programs',
  'Transportation, Logistics, Supply Chain and Storage', 'Truck Transportation', 'Airlines and Aviation',
  'Maritime Transportation', 'Rail Transportation', 'Freight and Package Transportation', 'Warehousing and Storage',
  'Ground Passenger Transportation', 'Farming', 'Ranching', 'Fisheries', 'Forestry and Logging',
  'Dairy Product Manufacturing', 'Wineries', 'Nanotechnology Research', 'Climate Technology Product Manufacturing',
];
