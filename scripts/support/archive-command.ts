import { loadConfig, type Config } from '../../server/config';

/**
 * The command line `npm run backup` and `npm run restore` share: one file and the flags `known`
 * allows, or the usage and exit 1. The action runs on the loaded configuration; an error ends the
 * process with `failed` and its message (no stack: an operator reads it).
 */
export async function runArchiveCommand(
  { usage, known = [], failed }: { usage: string; known?: string[]; failed: string },
  action: (file: string, config: Config, flags: Set<string>) => Promise<void>,
): Promise<void> {
  const args = process.argv.slice(2);
  const unknown = args.filter((arg) => arg.startsWith('-') && !known.includes(arg));
  const [file, ...extra] = args.filter((arg) => !arg.startsWith('-'));
  if (!file || extra.length > 0 || unknown.length > 0) {
    console.error(unknown.length > 0 ? `Opción desconocida: ${unknown.join(' ')}. ${usage}` : usage);
    process.exit(1);
  }
  try {
    await action(file, loadConfig(), new Set(args.filter((arg) => known.includes(arg))));
  } catch (error) {
    console.error(`${failed}: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}
