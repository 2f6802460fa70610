/**
 * The sandbox's reference lists (doc 2 §7, REF-02..REF-15): the 14 domain-values answers in the
 * service's shape (a list; the fields the spec names, see flows/option-sources.json). Loaded on
 * the first reference request only (the handlers import it on demand).
 *
 * Countries are ISO 3166-1 (alpha-3 codes, English short names); subdivisions are ISO 3166-2
 * first-level entries for the countries listed in reference-countries.json (the United States
 * with DC and the territories, Canada, Mexico, Australia, India, Germany, Japan, the UK's four
 * nations, ...); any other country has none (an empty list: no province is asked, ADDR-14).
 */
import countryData from './reference-countries.json';

type Item = Record<string, string>;

const COUNTRIES = countryData.countries as { code: string; name: string }[];
const SUBDIVISIONS = countryData.subdivisions as Record<string, { code: string; name: string }[]>;

export const SUFFIXES: Item[] = [
  ['JR', 'Jr.'],
  ['SR', 'Sr.'],
  ['II', 'II'],
  ['III', 'III'],
  ['IV', 'IV'],
  ['V', 'V'],
  ['VI', 'VI'],
].map(([suffix, displayValue]) => ({ suffix: suffix as string, displayValue: displayValue as string }));

/** Country, ISO alpha-3, calling code. */
const DIAL: [string, string, string][] = [
  ['United States', 'USA', '1'], ['Canada', 'CAN', '1'], ['Mexico', 'MEX', '52'], ['Puerto Rico', 'PRI', '1'], ['Guam', 'GUM', '1'],
  ['United Kingdom', 'GBR', '44'], ['Ireland', 'IRL', '353'], ['Germany', 'DEU', '49'], ['France', 'FRA', '33'], ['Italy', 'ITA', '39'],
  ['Spain', 'ESP', '34'], ['Portugal', 'PRT', '351'], ['Netherlands', 'NLD', '31'], ['Belgium', 'BEL', '32'], ['Switzerland', 'CHE', '41'],
  ['Austria', 'AUT', '43'], ['Poland', 'POL', '48'], ['Sweden', 'SWE', '46'], ['Norway', 'NOR', '47'], ['Denmark', 'DNK', '45'],
  ['Finland', 'FIN', '358'], ['Greece', 'GRC', '30'], ['Turkey', 'TUR', '90'], ['Israel', 'ISR', '972'], ['Bahrain', 'BHR', '973'],
  ['Qatar', 'QAT', '974'], ['Kuwait', 'KWT', '965'], ['United Arab Emirates', 'ARE', '971'], ['Saudi Arabia', 'SAU', '966'], ['Egypt', 'EGY', '20'],
  ['Djibouti', 'DJI', '253'], ['Kenya', 'KEN', '254'], ['Nigeria', 'NGA', '234'], ['South Africa', 'ZAF', '27'], ['India', 'IND', '91'],
  ['Pakistan', 'PAK', '92'], ['Japan', 'JPN', '81'], ['South Korea', 'KOR', '82'], ['China', 'CHN', '86'], ['Taiwan', 'TWN', '886'],
  ['Philippines', 'PHL', '63'], ['Singapore', 'SGP', '65'], ['Thailand', 'THA', '66'], ['Viet Nam', 'VNM', '84'], ['Malaysia', 'MYS', '60'],
  ['Indonesia', 'IDN', '62'], ['Australia', 'AUS', '61'], ['New Zealand', 'NZL', '64'], ['Brazil', 'BRA', '55'], ['Argentina', 'ARG', '54'],
  ['Chile', 'CHL', '56'], ['Colombia', 'COL', '57'], ['Peru', 'PER', '51'], ['Panama', 'PAN', '507'], ['Honduras', 'HND', '504'],
  ['El Salvador', 'SLV', '503'], ['Guatemala', 'GTM', '502'], ['Dominican Republic', 'DOM', '1'], ['Jamaica', 'JAM', '1'], ['Cuba', 'CUB', '53'],
];

export const PHONE_COUNTRY_CODES: Item[] = DIAL.map(([name, code, dial]) => ({ geographicPhoneLocationCode: code, displayValue: `${name} (+${dial})` }));

export const MARITAL_STATUSES: Item[] = [
  ['S', 'Single'],
  ['M', 'Married'],
  ['W', 'Widowed'],
  ['X', 'Separated'],
  ['D', 'Divorced'],
].map(([shortName, displayValue]) => ({ shortName: shortName as string, displayValue: displayValue as string }));

/** Every country: the client offers them all, AUS, CAN and MEX included (ADDR-27 as revised by issue 20). */
export const ADDRESS_COUNTRIES: Item[] = COUNTRIES.map((c) => ({ shortName: c.code, name: c.name }));

/** Every country but the United States, which the client puts first as 99 (REF-06). */
export const CITIZENSHIP_COUNTRIES: Item[] = COUNTRIES.filter((c) => c.code !== 'USA').map((c) => ({ code: c.code, name: c.name }));

/**
 * REF-07: the subdivisions of a country by its code (alpha-3; the US also answers to 99 and US),
 * exactly as doc 2 §7 names the answer's fields: `shortName` only, the ISO 3166-2 code without
 * the country (TX, ON, BY). The client shows the code as the label (src/engine/option-sources.ts).
 * The names stay in reference-countries.json for the sandbox's own use.
 */
export function subdivisionsOf(countryCode: string): Item[] {
  const code = countryCode.toUpperCase();
  const key = code === '99' || code === 'US' ? 'USA' : code;
  return (SUBDIVISIONS[key] ?? []).map((s) => ({ shortName: s.code }));
}

export const BRANCHES: Item[] = [
  ['AF', 'Air Force'],
  ['A', 'Army'],
  ['CG', 'Coast Guard'],
  ['MC', 'Marine Corps'],
  ['N', 'Navy'],
  ['PHS', 'Public Health Service'],
  ['NOAA', 'National Oceanic and Atmospheric Administration'],
  ['SF', 'Space Force'],
].map(([shortName, displayValue]) => ({ shortName: shortName as string, displayValue: displayValue as string }));

const ARMY_OFFICERS = ['Second Lieutenant', 'First Lieutenant', 'Captain', 'Major', 'Lieutenant Colonel', 'Colonel', 'Brigadier General', 'Major General', 'Lieutenant General', 'General'];
const NAVAL_OFFICERS = ['Ensign', 'Lieutenant Junior Grade', 'Lieutenant', 'Lieutenant Commander', 'Commander', 'Captain', 'Rear Admiral (Lower Half)', 'Rear Admiral', 'Vice Admiral', 'Admiral'];
const NAVAL_ENLISTED: [string, string][] = [
  ['E-1', 'Seaman Recruit'], ['E-2', 'Seaman Apprentice'], ['E-3', 'Seaman'], ['E-4', 'Petty Officer Third Class'], ['E-5', 'Petty Officer Second Class'],
  ['E-6', 'Petty Officer First Class'], ['E-7', 'Chief Petty Officer'], ['E-8', 'Senior Chief Petty Officer'], ['E-9', 'Master Chief Petty Officer'],
];
const AIR_ENLISTED_TOP: [string, string][] = [['E-5', 'Staff Sergeant'], ['E-6', 'Technical Sergeant'], ['E-7', 'Master Sergeant'], ['E-8', 'Senior Master Sergeant'], ['E-9', 'Chief Master Sergeant']];

function warrants(from: number, to: number, first = 'Warrant Officer 1'): [string, string][] {
  const out: [string, string][] = [];
  for (let n = from; n <= to; n++) out.push([`W-${n}`, n === 1 ? first : `Chief Warrant Officer ${n}`]);
  return out;
}

function officers(titles: string[], upTo = 10): [string, string][] {
  return titles.slice(0, upTo).map((t, i) => [`O-${i + 1}`, t]);
}

/** REF-09: each branch's ranks, 'Title (grade)', enlisted, warrant, then officer. */
const RANK_TABLE: Record<string, [string, string][]> = {
  A: [
    ['E-1', 'Private'], ['E-2', 'Private'], ['E-3', 'Private First Class'], ['E-4', 'Specialist'], ['E-4', 'Corporal'], ['E-5', 'Sergeant'],
    ['E-6', 'Staff Sergeant'], ['E-7', 'Sergeant First Class'], ['E-8', 'Master Sergeant'], ['E-8', 'First Sergeant'], ['E-9', 'Sergeant Major'],
    ['E-9', 'Command Sergeant Major'], ['E-9', 'Sergeant Major of the Army'],
    ...warrants(1, 5),
    ...officers(ARMY_OFFICERS),
  ],
  MC: [
    ['E-1', 'Private'], ['E-2', 'Private First Class'], ['E-3', 'Lance Corporal'], ['E-4', 'Corporal'], ['E-5', 'Sergeant'], ['E-6', 'Staff Sergeant'],
    ['E-7', 'Gunnery Sergeant'], ['E-8', 'Master Sergeant'], ['E-8', 'First Sergeant'], ['E-9', 'Master Gunnery Sergeant'], ['E-9', 'Sergeant Major'],
    ['E-9', 'Sergeant Major of the Marine Corps'],
    ...warrants(1, 5, 'Warrant Officer'),
    ...officers(ARMY_OFFICERS),
  ],
  N: [...NAVAL_ENLISTED, ['E-9', 'Master Chief Petty Officer of the Navy'], ...warrants(1, 5), ...officers(NAVAL_OFFICERS)],
  CG: [...NAVAL_ENLISTED, ['E-9', 'Master Chief Petty Officer of the Coast Guard'], ...warrants(2, 4), ...officers(NAVAL_OFFICERS)],
  AF: [
    ['E-1', 'Airman Basic'], ['E-2', 'Airman'], ['E-3', 'Airman First Class'], ['E-4', 'Senior Airman'], ...AIR_ENLISTED_TOP,
    ['E-9', 'Chief Master Sergeant of the Air Force'],
    ...warrants(1, 5),
    ...officers(ARMY_OFFICERS),
  ],
  SF: [
    ['E-1', 'Specialist 1'], ['E-2', 'Specialist 2'], ['E-3', 'Specialist 3'], ['E-4', 'Specialist 4'], ...AIR_ENLISTED_TOP,
    ['E-9', 'Chief Master Sergeant of the Space Force'],
    ...officers(ARMY_OFFICERS),
  ],
  PHS: officers(NAVAL_OFFICERS),
  NOAA: officers(NAVAL_OFFICERS, 8),
};

export function ranksOf(branch: string): Item[] | undefined {
  const table = RANK_TABLE[branch.toUpperCase()];
  return table?.map(([grade, title]) => ({ displayValue: `${title} (${grade})` }));
}

/** REF-10: components where the branch has them (no National Guard for the sea services or the Space Force). */
const COMPONENT_TABLE: Record<string, [string, string][]> = {
  A: [['REG', 'Regular Army (Active Duty)'], ['RES', 'Army Reserve'], ['NG', 'Army National Guard']],
  AF: [['REG', 'Regular Air Force (Active Duty)'], ['RES', 'Air Force Reserve'], ['NG', 'Air National Guard']],
  N: [['REG', 'Regular Navy (Active Duty)'], ['RES', 'Navy Reserve']],
  MC: [['REG', 'Regular Marine Corps (Active Duty)'], ['RES', 'Marine Corps Reserve']],
  CG: [['REG', 'Regular Coast Guard (Active Duty)'], ['RES', 'Coast Guard Reserve']],
  SF: [['REG', 'Regular Space Force (Active Duty)']],
  PHS: [['REG', 'Regular Corps (Active Duty)'], ['RES', 'Ready Reserve Corps']],
  NOAA: [['REG', 'NOAA Commissioned Corps (Active Duty)']],
};

export function componentsOf(branch: string): Item[] | undefined {
  return COMPONENT_TABLE[branch.toUpperCase()]?.map(([shortName, displayValue]) => ({ shortName, displayValue }));
}

const COMMISSION_NAMES: Record<string, string> = {
  AA: 'United States Military Academy (West Point)',
  AFA: 'United States Air Force Academy',
  CGA: 'United States Coast Guard Academy',
  MMA: 'United States Merchant Marine Academy',
  NA: 'United States Naval Academy',
  OCS: 'Officer Candidate School',
  OTS: 'Officer Training School',
  RTN: 'ROTC (non-scholarship)',
  RTS: 'ROTC (scholarship)',
};

/** REF-11: sources of commission per branch; `program` = commissioning-program=true (still in a program: no MMA, which is a graduate's source). */
const COMMISSION_TABLE: Record<string, string[]> = {
  A: ['AA', 'OCS', 'RTS', 'RTN', 'MMA'],
  AF: ['AFA', 'OTS', 'RTS', 'RTN', 'MMA'],
  SF: ['AFA', 'OTS', 'RTS', 'RTN'],
  N: ['NA', 'OCS', 'RTS', 'RTN', 'MMA'],
  MC: ['NA', 'OCS', 'RTS', 'RTN'],
  CG: ['CGA', 'OCS', 'MMA'],
  PHS: ['OCS'],
  NOAA: ['OCS', 'MMA'],
};

export function commissionSourcesOf(branch: string, program: boolean): Item[] | undefined {
  const codes = COMMISSION_TABLE[branch.toUpperCase()];
  return codes?.filter((c) => !program || c !== 'MMA').map((c) => ({ shortName: c, displayValue: COMMISSION_NAMES[c] as string }));
}

/** REF-12 / FED-11: the agencies with their filter codes (the client appends 'None of these', NOT). */
export const FEDERAL_AGENCIES: Item[] = [
  ['DOD', 'Department of Defense (civilian employee)'],
  ['VA', 'Department of Veterans Affairs'],
  ['CGC', 'U.S. Coast Guard (civilian employee)'],
  ['FEM', 'Federal Emergency Management Agency (FEMA)'],
  ['NOA', 'National Oceanic and Atmospheric Administration (NOAA)'],
  ['DSC', 'Department of State, Civil Service'],
  ['FSO', 'Department of State, Foreign Service Officer'],
  ['FSS', 'Department of State, Foreign Service Specialist'],
  ['MS', 'Military Sealift Command (civil service mariner)'],
  ['MMS', 'U.S. Maritime Service (Maritime Administration)'],
].map(([federalAgencyShortName, federalAgencyDisplayName]) => ({ federalAgencyShortName: federalAgencyShortName as string, federalAgencyDisplayName: federalAgencyDisplayName as string }));

/** REF-13: the service's classes, the not-employed ones included (the client drops them and prepends the federal entry). */
export const EMPLOYMENT_CLASSES: Item[] = [
  ['MIL', 'Military'],
  ['PRIV', 'Employed, private sector'],
  ['SELF', 'Self-employed'],
  ['NPRF', 'Employed, non-profit organization'],
  ['STGV', 'Employed, state or local government'],
  ['NONE', 'Not employed'],
  ['HOME', 'Homemaker'],
  ['RET', 'Retired'],
  ['STU', 'Student'],
  ['UEMP', 'Unemployed'],
].map(([employmentClassCode, employmentClassDesc]) => ({ employmentClassCode: employmentClassCode as string, employmentClassDesc: employmentClassDesc as string }));

/** REF-14: occupation categories (029 and 045 are the federal ones, FED-12; 027, 028, 053, 056 the fixed codes of PAY-24). */
export const OCCUPATIONS: Item[] = [
  ['001', 'Accountant or auditor'], ['002', 'Administrative or office support'], ['003', 'Architect'], ['004', 'Artist, designer or writer'],
  ['005', 'Attorney or legal professional'], ['006', 'Aviation: pilot or flight crew'], ['007', 'Banking or financial services'], ['008', 'Business owner'],
  ['009', 'Clergy'], ['010', 'Computer or IT professional'], ['011', 'Construction or skilled trades'], ['012', 'Consultant'],
  ['013', 'Customer service'], ['014', 'Dentist'], ['015', 'Doctor or surgeon'], ['016', 'Engineer'], ['017', 'Executive or senior manager'],
  ['018', 'Farmer or rancher'], ['019', 'Firefighter'], ['020', 'Food service'], ['021', 'Health care technician'], ['022', 'Insurance professional'],
  ['023', 'Manager or supervisor'], ['024', 'Mechanic or technician'], ['025', 'Nurse'], ['026', 'Pharmacist'], ['027', 'Student'],
  ['028', 'Homemaker'], ['029', 'Federal government employee'], ['030', 'Police officer (state or local)'], ['031', 'Real estate professional'],
  ['032', 'Sales'], ['033', 'Scientist or researcher'], ['034', 'Social worker or counselor'], ['035', 'Teacher or educator'],
  ['036', 'Transportation or logistics'], ['037', 'Truck driver'], ['038', 'Veterinarian'], ['039', 'Warehouse or production worker'],
  ['045', 'Federal law enforcement officer'], ['053', 'Unemployed'], ['056', 'Retired'], ['099', 'Other'],
].map(([occupationCd, occupationDesc]) => ({ occupationCd: occupationCd as string, occupationDesc: occupationDesc as string }));

/** REF-15: industries (the NAICS sectors). */
export const INDUSTRIES: Item[] = [
  ['11', 'Agriculture, forestry, fishing and hunting'], ['21', 'Mining, quarrying, and oil and gas extraction'], ['22', 'Utilities'],
  ['23', 'Construction'], ['31', 'Manufacturing'], ['42', 'Wholesale trade'], ['44', 'Retail trade'], ['48', 'Transportation and warehousing'],
  ['51', 'Information'], ['52', 'Finance and insurance'], ['53', 'Real estate and rental and leasing'], ['54', 'Professional, scientific, and technical services'],
  ['55', 'Management of companies and enterprises'], ['56', 'Administrative and support services'], ['61', 'Educational services'],
  ['62', 'Health care and social assistance'], ['71', 'Arts, entertainment, and recreation'], ['72', 'Accommodation and food services'],
  ['81', 'Other services'], ['92', 'Public administration'],
].map(([industryCode, industryDesc]) => ({ industryCode: industryCode as string, industryDesc: industryDesc as string }));

/**
 * The answer for a domain-values path (the part after `member-eligibility/domain-values/`), or
 * undefined for a path the service does not know (404). An unknown branch: an empty list.
 */
export function referenceAnswer(path: string, query: URLSearchParams): Item[] | undefined {
  const parts = path.split('/').filter((p) => p !== '').map((p) => decodeURIComponent(p));
  const key = parts.join('/');
  switch (key) {
    case 'suffixes':
      return SUFFIXES;
    case 'phone-country-codes':
      return PHONE_COUNTRY_CODES;
    case 'marital-statuses':
      return MARITAL_STATUSES;
    case 'address-countries':
      return ADDRESS_COUNTRIES;
    case 'citizenship-countries':
      return CITIZENSHIP_COUNTRIES;
    case 'military/branches':
      return BRANCHES;
    case 'federal-agencies':
      return FEDERAL_AGENCIES;
    case 'employment/classes':
      return EMPLOYMENT_CLASSES;
    case 'employment/occupations':
      return OCCUPATIONS;
    case 'employment/industries':
      return INDUSTRIES;
  }
  if (parts.length === 3 && parts[0] === 'countries' && parts[2] === 'subdivisions') return subdivisionsOf(parts[1] as string);
  if (parts.length === 4 && parts[0] === 'military' && parts[1] === 'branches') {
    const branch = parts[2] as string;
    if (parts[3] === 'ranks') return ranksOf(branch) ?? [];
    if (parts[3] === 'components') return componentsOf(branch) ?? [];
    if (parts[3] === 'sources-of-commission') return commissionSourcesOf(branch, query.get('commissioning-program') === 'true') ?? [];
  }
  return undefined;
}
