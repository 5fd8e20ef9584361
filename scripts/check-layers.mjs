#!/usr/bin/env node
// The folder-level layer map of docs/ARCHITECTURE ("imports point down") as a check that runs with
// `npm run lint`. eslint's import/no-cycle sees file cycles only; two folders importing each other
// through different files is invisible to it, and so is a domain reaching up into a workflow.
//
// Every import counts, type-only ones and dynamic import() too: a type import still ties the two
// folders together (a rename in one breaks the other), and the goal is folders that can be read,
// tested and moved bottom-up.
//
// Usage: node scripts/check-layers.mjs [--graph]   (--graph prints the folder edges and exits 0)
import fs from 'node:fs';
import path from 'node:path';

// The server-action modules of app/ ('use server' files) are one unit of their own: components
// call them (that is how Next wires a form to the server), pages import components, and an action
// never renders. Counting them as part of app/ would make app/ and components/ one knot.
const SERVER_ACTIONS = 'app/(server actions)';

// Lowest first. A unit may import its own layer or any layer below it, never one above. Units in
// the same layer may import each other as long as no folder cycle forms. The longest matching
// prefix wins, so more specific entries come first. A unit is a folder (lib/quotes) or a single
// root file (lib/env.ts); files directly under lib/ are each their own unit.
const LAYERS = [
  {
    name: 'vocabulary',
    why: 'states, links, field lists, ids, errors: plain values every layer may name',
    units: [
      'lib/vocabulary/',
      'lib/env.ts',
      'lib/errors.ts',
      'lib/format.ts',
      'lib/ids.ts',
      'lib/pagination.ts',
      'lib/search.ts',
      'lib/sql-list.ts',
      'lib/tenant.ts',
      'lib/theme.ts',
      'lib/validation.ts',
      'lib/validation/',
      'lib/version.ts',
      'lib/date-filter.ts',
      'lib/error-classification.ts',
      'lib/provider.ts',
      'lib/html/',
    ],
  },
  {
    name: 'infrastructure',
    why: 'database schema and client, HTTP, cache, rate limits, Redis, crypto, i18n, job queue, mail outbox and transport, logs and metrics',
    units: [
      'db/schema/',
      'db/client.ts',
      'db/tenant-scope.ts',
      'db/result-rows.ts',
      'lib/http/',
      'lib/cache/',
      'lib/rate-limit/',
      'lib/redis/',
      'lib/crypto/',
      'lib/i18n/',
      'lib/jobs/',
      'lib/outbox/',
      'lib/ops/',
      // The ready check and the shutdown hook look at the jobs, Redis and the pools: above them, not in lib/ops (which they use).
      'lib/health/',
    ],
  },
  {
    name: 'templates',
    why: 'react-email templates: render what they are given, know no domain',
    units: ['emails/'],
  },
  {
    name: 'domains',
    why: 'one folder per domain; domains may use each other, without cycles',
    units: ['lib/'],
  },
  {
    name: 'workflows',
    why: 'cross-domain steps (accept an offer, file a request, mail a quote); the server-action wrapper',
    units: ['lib/workflows/', 'lib/actions.ts'],
  },
  {
    name: 'server actions',
    why: "app/ modules marked 'use server': entry points the components call, so they sit below components",
    units: [SERVER_ACTIONS],
  },
  {
    name: 'ui',
    why: 'Mantine components render what pages give them',
    units: ['components/'],
  },
  {
    name: 'edge',
    why: 'entry points: pages, server actions, route handlers, the legacy API and its importer, seeds and migrations',
    units: ['app/', 'lib/legacy-api/', 'lib/legacy-import/', 'db/seed/', 'db/seed.ts', 'db/migrate.ts', 'proxy.ts', 'instrumentation.ts'],
  },
];

// Ratchet: upward edges and cycle edges that existed when this check was introduced and are not
// untangled yet. Each is "from-unit -> to-unit". A listed edge is left out of both checks; the
// check fails when a listed edge no longer exists, so this list only ever shrinks.
const KNOWN = [];

const ROOTS = ['lib', 'db', 'app', 'components', 'emails'];
const SKIP = new Set(['db/migrations']);
const root = process.cwd();

const files = [];
const walk = (dir) => {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.posix.join(dir, entry.name);
    if (SKIP.has(p)) continue;
    if (entry.isDirectory()) walk(p);
    else if (/\.(ts|tsx|mts|mjs)$/.test(entry.name) && !entry.name.endsWith('.d.ts')) files.push(p);
  }
};
for (const d of ROOTS) if (fs.existsSync(path.join(root, d))) walk(d);
for (const f of ['proxy.ts', 'instrumentation.ts']) if (fs.existsSync(path.join(root, f))) files.push(f);
const fileSet = new Set(files);

const resolve = (from, spec) => {
  let base;
  if (spec.startsWith('@/')) base = spec.slice(2);
  else if (spec.startsWith('.')) base = path.posix.normalize(path.posix.join(path.posix.dirname(from), spec));
  else return null;
  for (const c of [base, `${base}.ts`, `${base}.tsx`, `${base}.mjs`, `${base}/index.ts`, `${base}/index.tsx`]) {
    if (fileSet.has(c)) return c;
  }
  return null;
};

const serverActions = new Set(
  files.filter((f) => f.startsWith('app/') && /^\s*(?:\/\/[^\n]*\n\s*)*['"]use server['"]/.test(fs.readFileSync(f, 'utf8'))),
);

const unitOf = (file) => {
  if (serverActions.has(file)) return SERVER_ACTIONS;
  const parts = file.split('/');
  if (parts.length === 1) return file;
  if (parts[0] === 'lib' || parts[0] === 'db') {
    return parts.length === 2 ? file : `${parts[0]}/${parts[1]}/`;
  }
  return `${parts[0]}/`;
};

const layerOf = (unit) => {
  let best = -1;
  let bestLength = -1;
  for (let i = 0; i < LAYERS.length; i++) {
    for (const prefix of LAYERS[i].units) {
      const folder = prefix.endsWith('/') && prefix !== SERVER_ACTIONS;
      if (folder ? !unit.startsWith(prefix) : unit !== prefix) continue;
      // 'lib/' (domains) is the catch-all for folders only; a root file must be named.
      if (prefix === 'lib/' && !unit.endsWith('/')) continue;
      if (prefix.length > bestLength) {
        best = i;
        bestLength = prefix.length;
      }
    }
  }
  return best;
};

// Static imports and re-exports (type-only included), side-effect imports, dynamic import().
const IMPORT_RE =
  /(?:^|[\s;])(?:import|export)\s+(?:type\s+)?(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

const problems = [];
/** @type {Map<string, Map<string, string>>} unit -> target unit -> first "file:line -> target" */
const graph = new Map();
/** @type {Map<string, Set<string>>} file -> files it imports at run time (type-only imports vanish when compiled) */
const fileGraph = new Map();
for (const file of files) {
  const src = fs.readFileSync(file, 'utf8');
  const from = unitOf(file);
  if (layerOf(from) < 0) problems.push(`${file}: no layer declared for ${from} (add it to LAYERS)`);
  if (!graph.has(from)) graph.set(from, new Map());
  let m;
  IMPORT_RE.lastIndex = 0;
  while ((m = IMPORT_RE.exec(src))) {
    const spec = m[1] ?? m[2];
    const target = resolve(file, spec);
    if (!target) continue;
    if (!/^\s*;?\s*(?:import|export)\s+type\s/.test(m[0])) {
      if (!fileGraph.has(file)) fileGraph.set(file, new Set());
      fileGraph.get(file).add(target);
    }
    const to = unitOf(target);
    if (to === from) continue;
    const line = src.slice(0, m.index + m[0].length).split('\n').length;
    const edges = graph.get(from);
    if (!edges.has(to)) edges.set(to, `${file}:${line} → ${target}`);
  }
}

if (process.argv.includes('--graph')) {
  for (const [from, edges] of [...graph].sort()) {
    for (const [to, where] of [...edges].sort()) {
      const up = layerOf(to) > layerOf(from) ? ' UP' : '';
      console.log(`${from} -> ${to}${up}    ${where}`);
    }
  }
  process.exit(0);
}

const known = new Set(KNOWN);
for (const edge of KNOWN) {
  const [from, to] = edge.split(' -> ');
  if (!graph.get(from)?.has(to)) {
    problems.push(`known edge ${edge} no longer exists: remove it from KNOWN in scripts/check-layers.mjs`);
  }
}

// (b) direction
for (const [from, edges] of graph) {
  for (const [to, where] of edges) {
    if (known.has(`${from} -> ${to}`)) continue;
    const a = layerOf(from);
    const b = layerOf(to);
    if (a >= 0 && b > a) {
      problems.push(
        `${where}\n    upward import: ${from} (${LAYERS[a].name}) may not import ${to} (${LAYERS[b].name}); ` +
          `move the shared part down or the caller up`,
      );
    }
  }
}

// (a) folder cycles: Tarjan's strongly connected components over the units.
const adj = new Map(
  [...graph].map(([from, edges]) => [from, [...edges.keys()].filter((to) => !known.has(`${from} -> ${to}`))]),
);
let counter = 0;
const index = new Map();
const low = new Map();
const stack = [];
const onStack = new Set();
const components = [];
const connect = (v) => {
  index.set(v, counter);
  low.set(v, counter);
  counter++;
  stack.push(v);
  onStack.add(v);
  for (const w of adj.get(v) ?? []) {
    if (!index.has(w)) {
      connect(w);
      low.set(v, Math.min(low.get(v), low.get(w)));
    } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), index.get(w)));
  }
  if (low.get(v) === index.get(v)) {
    const component = [];
    let w;
    do {
      w = stack.pop();
      onStack.delete(w);
      component.push(w);
    } while (w !== v);
    if (component.length > 1) components.push(component);
  }
};
for (const v of adj.keys()) if (!index.has(v)) connect(v);
for (const component of components) {
  const members = new Set(component);
  const inside = [];
  for (const from of component) {
    for (const to of adj.get(from) ?? []) if (members.has(to)) inside.push(`  ${graph.get(from).get(to)}`);
  }
  problems.push(
    `folder cycle between ${component.sort().join(', ')}: no two folders may depend on each other; the imports inside it:\n${inside.join('\n')}`,
  );
}

// (c) file cycles at run time, inside a folder too: module order would decide which export is
// still undefined at load time. (eslint's import/no-cycle said the same in 15 minutes; this, in well
// under a second.)
{
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  let counter = 0;
  const connect = (v) => {
    index.set(v, counter);
    low.set(v, counter);
    counter += 1;
    stack.push(v);
    onStack.add(v);
    for (const w of fileGraph.get(v) ?? []) {
      if (!index.has(w)) {
        connect(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), index.get(w)));
    }
    if (low.get(v) === index.get(v)) {
      const cycle = [];
      let w;
      do {
        w = stack.pop();
        onStack.delete(w);
        cycle.push(w);
      } while (w !== v);
      if (cycle.length > 1) problems.push(`file cycle: ${cycle.sort().join(' ↔ ')}`);
    }
  };
  for (const v of fileGraph.keys()) if (!index.has(v)) connect(v);
}

if (problems.length) {
  console.error(`check-layers: ${problems.length} problem(s)\n`);
  for (const p of problems) console.error(`${p}\n`);
  process.exit(1);
}
const edgeCount = [...graph.values()].reduce((n, e) => n + e.size, 0);
console.log(`check-layers: ${graph.size} units, ${edgeCount} folder edges, no cycle, no upward import (${KNOWN.length} known edges left)`);
