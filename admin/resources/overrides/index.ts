/**
 * Hand-written screens that replace generated ones, by resource name. A folder
 * `overrides/<resource>/index.ts` exports any of { list, create, edit, show }; register it with
 * its import and one entry in the map, e.g. `import * as candidates from './candidates';` and
 * `candidates,` below.
 */
import type { ResourceScreens } from '../types';
import * as candidates from './candidates';

export const overrides: Record<string, Partial<ResourceScreens>> = { candidates };
