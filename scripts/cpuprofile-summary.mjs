/**
 * `node scripts/cpuprofile-summary.mjs <file.cpuprofile> [top=30] [filter]`: a V8 CPU profile's
 * sampled time by package (self), by function (self) and by function including what it calls
 * (total), largest first; `filter` keeps the functions whose name or file contains it. For the
 * profiles of scripts/profile-api.ts. "writev" is time inside the socket write call, which on a
 * busy machine is mostly the thread waiting to be scheduled again, not CPU (see docs/performance.md).
 */
import fs from 'node:fs';

const [file, top = '30', filter] = process.argv.slice(2);
if (!file) throw new Error('Uso: node scripts/cpuprofile-summary.mjs <archivo.cpuprofile> [top] [filtro]');
const profile = JSON.parse(fs.readFileSync(file, 'utf8'));
const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
const parentOf = new Map();
for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);

const selfOf = new Map();
profile.samples.forEach((id, index) => selfOf.set(id, (selfOf.get(id) ?? 0) + (profile.timeDeltas[index] ?? 0)));
const sampled = [...selfOf.values()].reduce((sum, time) => sum + time, 0);

const shortUrl = (url) => url.replace(/^.*node_modules\//, 'nm/').replace(/^file:\/\/.*?\/(server|scripts|contract)\//, '$1/');
const functionKey = ({ callFrame }) => `${callFrame.functionName || '(anónima)'} ${shortUrl(callFrame.url)}:${callFrame.lineNumber + 1}`;
const packageKey = ({ callFrame }) => {
  const inPackage = callFrame.url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  if (inPackage) return inPackage[1];
  return callFrame.url ? shortUrl(callFrame.url) : callFrame.functionName;
};

const byPackage = new Map();
const selfByFunction = new Map();
const totalByFunction = new Map();
const add = (map, key, time) => map.set(key, (map.get(key) ?? 0) + time);
for (const [id, time] of selfOf) {
  const node = nodes.get(id);
  add(byPackage, packageKey(node), time);
  add(selfByFunction, functionKey(node), time);
  // A recursive function counts once per sample.
  const seen = new Set();
  for (let at = id; at !== undefined; at = parentOf.get(at)) {
    const key = functionKey(nodes.get(at));
    if (!seen.has(key)) add(totalByFunction, key, time);
    seen.add(key);
  }
}

const print = (title, map) => {
  console.log(`\n== ${title} (${(sampled / 1000).toFixed(0)} ms muestreados)`);
  [...map]
    .filter(([key]) => !filter || key.includes(filter))
    .sort((a, b) => b[1] - a[1])
    .slice(0, Number(top))
    .forEach(([key, time]) => console.log(`${(time / 1000).toFixed(0).padStart(7)} ms ${((100 * time) / sampled).toFixed(1).padStart(5)} %  ${key}`));
};
print('propio, por paquete', byPackage);
print('propio, por función', selfByFunction);
print('total, por función', totalByFunction);
