import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// Reads a V8 CPU profile (what cpu-profile.mjs collects) as a few lines: self time by package, then the
// functions with the most self time. Self time is where the CPU was; a package that only calls others
// (fastify around a handler) shows little of it, which is what "where does the time go" asks.

const markers = new Set(['(garbage collector)', '(idle)', '(program)', '(root)']);

function packageOf({ functionName, url }) {
  if (markers.has(functionName)) return functionName;
  const match = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url);
  if (match) return match[1];
  if (url.startsWith('node:') || url === '') return 'node (built-in)';
  if (url.includes('apps/server/dist')) return 'deckhand server';
  if (url.includes('/scripts/')) return 'bench scripts';
  return 'other';
}

function shortLocation({ url, lineNumber }) {
  const file = url.replace(/^.*node_modules\//, '').replace(/^.*\/(apps|scripts)\//, '$1/');
  return file ? `${file}:${lineNumber + 1}` : 'native';
}

/** Microseconds of self time per profile node: each sample's time runs until the next sample. */
function selfTimeByNode(profile) {
  const selfUs = new Map();
  for (let i = 0; i < profile.samples.length; i += 1) {
    const us = profile.timeDeltas[i + 1] ?? 0;
    selfUs.set(profile.samples[i], (selfUs.get(profile.samples[i]) ?? 0) + us);
  }
  return selfUs;
}

function addTo(map, key, us) {
  map.set(key, (map.get(key) ?? 0) + us);
}

/** Prints the profile's busy time, its split by package and the `top` functions by self time. */
export function printProfileSummary(title, profile, { top = 12 } = {}) {
  saveProfile(title, profile);
  const selfUs = selfTimeByNode(profile);
  const byPackage = new Map();
  const byFunction = new Map();
  for (const node of profile.nodes) {
    const us = selfUs.get(node.id) ?? 0;
    if (us === 0) continue;
    addTo(byPackage, packageOf(node.callFrame), us);
    const name = node.callFrame.functionName || '(anonymous)';
    if (!markers.has(name)) addTo(byFunction, `${name} ${shortLocation(node.callFrame)}`, us);
  }
  const totalUs = profile.endTime - profile.startTime;
  const busyUs = totalUs - (byPackage.get('(idle)') ?? 0);
  const ms = (us) => `${(us / 1000).toFixed(0)} ms`;
  const share = (us) => `${((100 * us) / busyUs).toFixed(1)}%`;
  console.log(`  profile of ${title}: ${ms(totalUs)} sampled, ${ms(busyUs)} busy`);
  const packages = [...byPackage].filter(([name]) => name !== '(idle)').sort((a, b) => b[1] - a[1]);
  console.log(`    by package: ${packages.map(([name, us]) => `${name} ${share(us)}`).join(', ')}`);
  for (const [name, us] of [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    console.log(`    ${share(us).padStart(6)}  ${ms(us).padStart(7)}  ${name}`);
  }
}

/** Keeps the whole profile for a closer look (Chrome DevTools › Performance › Load profile). */
function saveProfile(title, profile) {
  const name = `deckhand-${title.replace(/[^a-z0-9]+/gi, '-')}-${Date.now()}.cpuprofile`;
  const file = path.join(os.tmpdir(), name);
  fs.writeFileSync(file, JSON.stringify(profile));
  console.log(`  profile saved: ${file}`);
}
