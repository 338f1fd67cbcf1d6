// Bundles the server (and the contract's TypeScript) into dist/; npm packages stay external.
import { build } from 'esbuild';
import { readFileSync } from 'node:fs';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url)));
/**
 * ES-module packages of many small files go into the bundle: Node resolves, reads and links every file of an
 * external package at each start, and these three cost about 0.45 s of CPU that way against 0.05 s bundled
 * (issue 18: cold start). The others stay external: CommonJS packages, native addons and packages with files
 * of their own (PGlite's WebAssembly, swagger-ui's pages, the region data).
 */
const BUNDLED = new Set(['kysely', 'zod', 'jose']);
const external = Object.keys(pkg.dependencies).filter((d) => !d.startsWith('@gsl/') && !BUNDLED.has(d));

await build({
  entryPoints: { main: 'src/main.ts', migrate: 'src/migrate-cli.ts', 'seed-large': 'src/seed-large-cli.ts' },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  external,
  loader: { '.sql': 'text' },
  logLevel: 'warning',
});
