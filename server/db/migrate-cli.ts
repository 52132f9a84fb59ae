import { loadConfig } from '../config';
import { openDatabase } from './client';

// `npm run db:migrate`: applies the committed migrations to the configured database and exits.
const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
console.log(`Migraciones aplicadas (${database.kind}).`);
await database.close();
