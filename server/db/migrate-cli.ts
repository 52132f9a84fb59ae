import { loadConfig } from '../config';
import { openDatabase } from './client';
import { claimDataDir } from './data-dir-control';

// `npm run db:migrate`: applies the committed migrations to the configured database and exits.
const config = loadConfig();
// Not while a server (or a backup, a restore) has the embedded database open.
const claim = config.databaseUrl
  ? null
  : await claimDataDir(config.dataDir, 'Una migración').catch((error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    });
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
console.log(`Migraciones aplicadas (${database.kind}).`);
await database.close();
await claim?.release();
