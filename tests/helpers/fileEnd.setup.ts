/** Every file ends by stopping what its helpers started (tests/helpers/fileEnd.ts). */
import { afterAll } from 'vitest';
import { runFileEnd } from './fileEnd';

afterAll(runFileEnd);
