import { loadConfig } from '../backend/config'; import { openDatabase } from '../backend/db/database';
const db = await openDatabase(loadConfig()); console.log('up'); await new Promise(r => setTimeout(r, 150000)); await db.stop();
