// Bundles the server (and the contract's TypeScript) into dist/; npm packages stay external.
import { build } from 'esbuild';
import { readFileSync } from 'node:fs';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url)));
const external = Object.keys(pkg.dependencies).filter((d) => !d.startsWith('@gsl/'));

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
