/**
 * The judged descriptions for reading: forty-four job descriptions as admins paste them or upload
 * them (bullets, prose, tables, 'or' lists, bounds in both directions, SGD/HKD/MYR and others,
 * monthly and yearly, a seniority in the title, a 'Level:' line or prose), each with the
 * requirements a recruiter writes down by hand. Skill, title, language
 * and place names are the lookups' names or aliases. `A | B` is one requirement any of them meets.
 * A salary is monthly, in the currency written. `form` says how the benchmark's test sends it.
 */
import { BUSINESS_AND_ENGINEERING } from './descriptionsBusiness';
import { LEVELS } from './descriptionsLevels';
import { TECH_AND_DESIGN } from './descriptionsTech';
import type { Judged } from './judged';

export type { Judged };

export const DESCRIPTIONS: Judged[] = [...TECH_AND_DESIGN, ...BUSINESS_AND_ENGINEERING, ...LEVELS];
