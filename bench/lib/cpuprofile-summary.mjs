#!/usr/bin/env node
// Summarizes a V8 .cpuprofile (from node --cpu-prof): top functions by self time and by inclusive time.
// Usage: node bench/lib/cpuprofile-summary.mjs FILE.cpuprofile [N] [filter] [under]
// filter: only list functions whose label contains it; under: only count samples with a frame whose label contains it.
import { readFileSync } from 'node:fs';

const [file, nArg = '30', filter = '', under = ''] = process.argv.slice(2);
const prof = JSON.parse(readFileSync(file, 'utf8'));
const byId = new Map(prof.nodes.map((n) => [n.id, n]));
const parent = new Map();
for (const n of prof.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const dt = new Map();
for (let i = 0; i < prof.samples.length; i++) dt.set(prof.samples[i], (dt.get(prof.samples[i]) ?? 0) + (prof.timeDeltas[i] ?? 0));
const label = (n) => `${n.callFrame.functionName || '(anon)'} ${n.callFrame.url.replace(/^.*\/work\/main\//, '')}:${n.callFrame.lineNumber + 1}`;
const self = new Map();
const incl = new Map();
let total = 0;
for (const [id, us] of dt) {
  const n = byId.get(id);
  if (under) {
    let found = false;
    for (let cur = id; cur !== undefined && !found; cur = parent.get(cur)) found = label(byId.get(cur)).includes(under);
    if (!found) continue;
  }
  total += us;
  self.set(label(n), (self.get(label(n)) ?? 0) + us);
  const seen = new Set();
  for (let cur = id; cur !== undefined; cur = parent.get(cur)) {
    const l = label(byId.get(cur));
    if (seen.has(l)) continue;
    seen.add(l);
    incl.set(l, (incl.get(l) ?? 0) + us);
  }
}
const show = (title, map) => {
  console.log(`\n${title} (total ${(total / 1000).toFixed(0)} ms)`);
  [...map].filter(([l]) => l.includes(filter)).sort((a, b) => b[1] - a[1]).slice(0, Number(nArg))
    .forEach(([l, us]) => console.log(`${(us / 1000).toFixed(0).padStart(8)} ms  ${((100 * us) / total).toFixed(1).padStart(5)}%  ${l}`));
};
show('self', self);
show('inclusive', incl);
