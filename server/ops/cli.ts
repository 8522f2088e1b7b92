import { ConfigError, loadConfig } from '../config/app-config.js';
import { backup, restore } from './backup.js';

// npm run backup [-- --out DIR]   |   npm run restore -- ARCHIVE [--force]
// Uses the same environment as the server (DATA_DIR, DATABASE_URL).

async function main(argv: string[]): Promise<void> {
  const [command, ...rest] = argv;
  const config = loadConfig();
  if (command === 'backup') {
    const outIndex = rest.indexOf('--out');
    const archive = await backup(config, outIndex >= 0 ? rest[outIndex + 1] : undefined);
    console.log(`Backup written: ${archive}`);
  } else if (command === 'restore') {
    const archive = rest.find((a) => !a.startsWith('--'));
    if (!archive) throw new Error('Usage: npm run restore -- <archive.tar.gz> [--force]');
    await restore(config, archive, { force: rest.includes('--force') });
    console.log(`Restored ${archive}. Start the server to use it (migrations run at start).`);
  } else {
    throw new Error('Usage: cli.js backup [--out DIR] | restore <archive> [--force]');
  }
}

main(process.argv.slice(2)).catch((e: unknown) => {
  console.error(e instanceof ConfigError ? e.message : `Error: ${e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
});
