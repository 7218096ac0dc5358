import path from 'node:path';
import { createInterface } from 'node:readline/promises';
import { DataDirInUseError } from '../db/data-dir-lock';
import { loadConfig } from '../env';
import { createFileStore } from '../lib/file-store';
import {
  assertNoInstances,
  backup,
  BackupError,
  currentContents,
  openBackup,
  restore,
  type Contents,
  type Target,
} from './backup';

const USAGE = `Usage:
  npm run backup [-- <directory>]           write a backup (default: backups/planvy-<date and time>/)
  npm run restore -- <directory> [--yes]    replace the data and files with a backup; asks first unless --yes`;

const describe = (c: Contents) =>
  `${c.projects} project(s), ${c.apartments} apartment(s), ${c.files} plan and image file(s), ${c.users} user(s)`;

async function confirm(question: string): Promise<boolean> {
  const rl = createInterface({ input: process.stdin, output: process.stdout });
  try {
    return (await rl.question(`${question} Type yes to go on: `)).trim().toLowerCase() === 'yes';
  } finally {
    rl.close();
  }
}

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  const yes = rest.includes('--yes') || rest.includes('-y');
  const fileArg = rest.find((a) => !a.startsWith('-'));
  const config = loadConfig();
  const base = process.env.INIT_CWD ?? process.cwd();
  const target: Target = {
    databaseUrl: config.databaseUrl,
    pgliteDir: path.join(config.dataDir, 'pglite'),
    store: createFileStore(config.fileStore),
  };
  const where = `${
    config.databaseUrl
      ? 'the PostgreSQL database in DATABASE_URL'
      : `the embedded database in ${target.pgliteDir}`
  } with the files in ${target.store.location}`;

  if (command === 'backup') {
    const stamp = new Date().toISOString().slice(0, 19).replace(/[T:]/g, '-');
    const dir = path.resolve(base, fileArg ?? `backups/planvy-${stamp}`);
    const { contents, files } = await backup(target, dir);
    console.log(`Backed up ${where} to ${dir}: ${describe(contents)}; ${files} stored file(s).`);
    return 0;
  }

  if (command === 'restore' && fileArg) {
    const file = path.resolve(base, fileArg);
    // A backup that is not there, or lacks files, is said before anything is asked or touched.
    openBackup(file);
    if (config.databaseUrl) await assertNoInstances(config.databaseUrl);
    // For the embedded database this also refuses while a server holds it.
    const current = await currentContents(target);
    if (current) {
      const question =
        `This replaces ${where}, which holds ${describe(current)}, with ${file}.` +
        (config.databaseUrl ? '' : ' The current directory is kept beside it as pglite.before-restore-….');
      if (!yes) {
        if (!process.stdin.isTTY) {
          console.error(
            `${question}\nNot restored: add --yes to confirm when there is no terminal to ask in.`,
          );
          return 1;
        }
        if (!(await confirm(question))) {
          console.error('Not restored.');
          return 1;
        }
      }
    }
    const { contents, files, previous } = await restore(target, file);
    console.log(`Restored ${file} into ${where}: ${describe(contents)}; ${files} stored file(s).`);
    if (previous) console.log(`The previous data is in ${previous}; delete it once you are satisfied.`);
    return 0;
  }

  console.error(USAGE);
  return 2;
}

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (err) {
  if (err instanceof BackupError || err instanceof DataDirInUseError) {
    console.error(err.message);
    process.exitCode = 1;
  } else {
    throw err;
  }
}
