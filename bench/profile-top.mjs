// The top ten of a V8 CPU profile (`node --cpu-prof`, or BENCH_CPU_PROF=<dir> for the bench's product
// processes): functions by self time, then the same time summed by where the code lives (the product,
// each npm package, Node itself), so a closing note can say what a request's time is spent on.
//
//   node bench/profile-top.mjs <file.cpuprofile> [count]
import { readFileSync } from 'node:fs';

const [file, countArg] = process.argv.slice(2);
if (!file) {
  console.error('usage: node bench/profile-top.mjs <file.cpuprofile> [count]');
  process.exit(2);
}
const count = Number(countArg ?? 10);
const profile = JSON.parse(readFileSync(file, 'utf8'));

// Each sample names the node that was running; its time is the gap to the next sample.
const selfUs = new Map();
const { samples, timeDeltas } = profile;
for (let i = 0; i < samples.length; i++) selfUs.set(samples[i], (selfUs.get(samples[i]) ?? 0) + (timeDeltas[i + 1] ?? 0));

const total = [...selfUs.values()].reduce((a, b) => a + b, 0);
const idleNames = new Set(['(idle)', '(program)', '(garbage collector)']);

/** Where a function lives: the product's own code, an npm package, Node's internals, or V8. */
function placeOf(url) {
  if (!url) return '(v8)';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1];
  if (url.startsWith('node:')) return 'node:' + url.slice(5).split('/')[0];
  if (url.includes('/server/dist/')) return 'product';
  return url.split('/').slice(-2).join('/');
}

const byFunction = new Map();
const byPlace = new Map();
for (const node of profile.nodes) {
  const us = selfUs.get(node.id) ?? 0;
  if (!us) continue;
  const { functionName, url, lineNumber } = node.callFrame;
  const name = functionName || '(anonymous)';
  const key = idleNames.has(name) ? name : `${name}  ${url ? url.replace(/^.*\/(node_modules|server\/dist)\//, '$1/') : ''}:${lineNumber + 1}`;
  byFunction.set(key, (byFunction.get(key) ?? 0) + us);
  const place = idleNames.has(name) ? name : placeOf(url);
  byPlace.set(place, (byPlace.get(place) ?? 0) + us);
}

const pct = (us) => `${((100 * us) / total).toFixed(1).padStart(5)} %`;
const ms = (us) => `${(us / 1000).toFixed(0).padStart(7)} ms`;
const top = (map) =>
  [...map]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([k, us]) => `${ms(us)} ${pct(us)}  ${k}`)
    .join('\n');

console.log(`${file}: ${(total / 1e6).toFixed(1)} s sampled`);
console.log(`\nself time by function (top ${count})\n${top(byFunction)}`);
console.log(`\nself time by place (top ${count})\n${top(byPlace)}`);
