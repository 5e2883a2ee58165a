// Bundles the server into dist/main.js (and the embedded database's thread into dist/pglite-worker.js). Workspace packages (@deckhand/*) are TypeScript sources and
// get bundled in; every npm dependency stays external and is loaded from node_modules at run time.
import fs from 'node:fs/promises';
import { build } from 'esbuild';

const pkg = JSON.parse(await fs.readFile(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@deckhand/'));

await fs.rm('dist', { recursive: true, force: true });
await build({
  // The embedded database runs in a worker thread of its own (src/db/pglite-thread.ts), started from its own file.
  entryPoints: { main: 'src/main.ts', 'pglite-worker': 'src/db/pglite-worker.ts' },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  // Our modules imported with import() become chunks of their own, loaded when first imported, with the packages
  // they import: an instance on PGlite and the local disk never loads pg or the AWS SDK. Without splitting they
  // were bundled into main.js and their packages imported at start.
  splitting: true,
  // Beside main.js, so a chunk's import.meta.url finds what main.js would (the database thread's file).
  chunkNames: '[name]-[hash]',
  external: external.flatMap((name) => [name, `${name}/*`]),
  logLevel: 'warning',
});
// main.js finds its migrations at ./db/migrations, the same place as src/main.ts does.
await fs.cp('src/db/migrations', 'dist/db/migrations', { recursive: true });

// The embedded database as a first start would make it, made once here: a first start on an empty data folder
// unpacks it instead of running initdb and every migration, which held the server at ~700 MB of RSS for its first
// seconds (src/db/pglite-template.ts). Later migrations still run at start, as on any existing database.
const { PGlite } = await import('@electric-sql/pglite');
const { btree_gin } = await import('@electric-sql/pglite/contrib/btree_gin');
const { drizzle } = await import('drizzle-orm/pglite');
const { migrate } = await import('drizzle-orm/pglite/migrator');
const template = await PGlite.create({ extensions: { btree_gin } });
await migrate(drizzle({ client: template, casing: 'snake_case' }), { migrationsFolder: 'src/db/migrations' });
const dump = await template.dumpDataDir('gzip');
await template.close();
await fs.writeFile('dist/pglite-template.tar.gz', Buffer.from(await dump.arrayBuffer()));
