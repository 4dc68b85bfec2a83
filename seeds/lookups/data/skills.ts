/**
 * Real professional skills used by the talent-search marketplace. The lists are
 * hand-written per category under `./skills/`; this module concatenates them.
 * `lookupRows()` trims, de-duplicates (case-insensitively) and sorts them.
 */
import { businessSkills } from './skills/business.js';
import { dataAndDesignSkills } from './skills/dataAndDesign.js';
import { engineeringAndGeneralSkills } from './skills/engineeringAndGeneral.js';
import { infrastructureSkills } from './skills/infrastructure.js';
import { professionSkills } from './skills/professions.js';
import { programmingSkills } from './skills/programming.js';

export const skills: readonly string[] = [
  ...programmingSkills,
  ...infrastructureSkills,
  ...dataAndDesignSkills,
  ...businessSkills,
  ...professionSkills,
  ...engineeringAndGeneralSkills,
];
