/**
 * Every entity's write rules beyond its declaration, one entry per entity, read by the generic
 * router (backend/crud/router.ts) and by the capability endpoints that write the same rows, so a
 * rule holds whichever way a change arrives. Nothing registers itself: an entity not listed here
 * is written as declared, with its references checked.
 */
import type { EntityWrites } from '../crud/writes';
import { projectWrites } from './projects';
import { candidateWrites, educationWrites, experienceWrites } from './talent';
import { adminWrites } from './team';
import { companyWrites } from './team';
import { companyUserWrites } from './team';
import { communityUserWrites } from './team';

const NONE: EntityWrites = {};

export function entityWrites(entityName: string): EntityWrites {
  const writes: Record<string, EntityWrites> = {
    admin: adminWrites,
    company: companyWrites,
    companyUser: companyUserWrites,
    communityUser: communityUserWrites,
    candidate: candidateWrites,
    candidateExperience: experienceWrites,
    candidateEducation: educationWrites,
    project: projectWrites,
  };
  return writes[entityName] ?? NONE;
}
