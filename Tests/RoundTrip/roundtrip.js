// Round trip (writer → readers): random valid data, encoded by the generated TypeScript encoder,
// printed with the observation every reader must make of it (docs/conformance.md). The Swift test feeds
// each line to all three testees. Usage: node roundtrip.js COMPILED_TS_DIR COUNT SEED
'use strict';
const path = require('path');
const [dir, countText, seedText] = process.argv.slice(2);
const widget = require(path.join(dir, 'widget-data.js'));
const todo = require(path.join(dir, 'todo-count.js'));

// mulberry32: a small seeded PRNG, so a failing seed can be replayed.
let state = Number(seedText) >>> 0;
function random() {
  state = (state + 0x6d2b79f5) >>> 0;
  let t = state;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const int = (lo, hi) => lo + Math.floor(random() * (hi - lo + 1));
const pick = (items) => items[int(0, items.length - 1)];
const maybe = (p) => random() < p;

const pieces = ['a', 'Task', ' ', 'é', 'e\u0301', '😀', 'ｚ', '10', '"', '\\', '/', '\n', '\t', '\u0000', '\u2028',
  '中文', 'null', '__proto__', '#ff0000', '\u{10FFFF}'];
function text(min) {
  let s = '';
  const n = int(min, 4);
  for (let i = 0; i < n; i++) s += pick(pieces);
  return s;
}
function day() {
  const y = int(1, 9999), m = int(1, 12);
  const dim = [31, (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0 ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][m - 1];
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(int(1, dim)).padStart(2, '0')}`;
}
const projectIds = ['p1', 'p2', 'é', 'e\u0301', '10', 'null'];

function widgetCase() {
  const colors = {};
  for (const id of projectIds) if (maybe(0.5)) colors[id] = text(0);
  const task = () => {
    const t = { id: text(0), title: text(0) };
    if (maybe(0.7)) t.isDone = maybe(0.5);
    if (maybe(0.7)) t.projectId = pick(projectIds);
    else if (maybe(0.3)) t.projectId = null;  // null is written as "absent", never as null
    return t;
  };
  const input = { dayStr: maybe(0.8) ? day() : undefined, tasks: Array.from({ length: int(0, 4) }, task), projectColors: colors };
  if (maybe(0.8)) input.validUntil = pick([1, 1784325600000, 9007199254740991, int(1, 2 ** 31)]);
  if (maybe(0.6)) input.projects = Array.from({ length: int(0, 2) }, () => ({ id: text(0), title: text(0), tasks: Array.from({ length: int(0, 3) }, task) }));
  const observeTask = (t) => ({
    id: t.id, title: t.title, isDone: t.isDone ?? false, projectId: t.projectId ?? null,
    projectColor: t.projectId != null && Object.prototype.hasOwnProperty.call(colors, t.projectId) ? colors[t.projectId] : null,
  });
  const expect = {
    status: 'ok', dayStr: input.dayStr ?? null, validUntil: input.validUntil ?? null,
    tasks: input.tasks.map(observeTask),
    projects: (input.projects ?? []).map((p) => ({ id: p.id, title: p.title, tasks: p.tasks.map(observeTask) })),
    dropped: 0,
  };
  return { contract: 'widget-data', blob: widget.encode(input), expect };
}

function todoCase() {
  const input = { count: int(0, 1000), revision: pick([0, 1, int(0, 2 ** 40), 9007199254740991]) };
  if (maybe(0.6)) input.updatedAt = int(1, 2 ** 42);
  if (maybe(0.6)) input.sync = pick(['idle', 'syncing', 'failed']);
  if (maybe(0.6)) input.source = maybe(0.5) ? { platform: pick(['android', 'ios', 'web']) } : { platform: 'ios', appVersion: 'x' + text(0) };
  if (maybe(0.6)) input.lists = Array.from({ length: int(0, 3) }, () => {
    const l = { name: 'n' + text(0), open: int(0, 100000) };
    if (maybe(0.5)) l.ratio = pick([0, 1, 0.5, random()]);
    return l;
  });
  // Badge keys avoid canonically equivalent pairs ("é" / "e\u0301"): a Swift [String: Int]
  // map field keeps only one of them (docs/semantics.md #15, a documented limit).
  if (maybe(0.6)) { input.badges = {}; for (let i = 0; i < int(0, 3); i++) input.badges[text(1).split('e\u0301').join('e')] = int(-1000, 1000); }
  const expect = {
    status: 'ok', value: {
      count: input.count, revision: input.revision, updatedAt: input.updatedAt ?? null, sync: input.sync ?? 'idle',
      source: input.source ? { platform: input.source.platform, appVersion: input.source.appVersion ?? null } : null,
      lists: (input.lists ?? []).map((l) => ({ name: l.name, open: l.open, ratio: l.ratio ?? null })),
      badges: input.badges ?? {},
    },
  };
  return { contract: 'todo-count', blob: todo.encode(input), expect };
}

const lines = [];
for (let i = 0; i < Number(countText); i++) {
  const c = maybe(0.7) ? widgetCase() : todoCase();
  lines.push(JSON.stringify({ case: `roundtrip-${seedText}-${i}`, contract: c.contract, op: 'decode', given: { blob: c.blob }, expect: c.expect }));
}
process.stdout.write(lines.join('\n') + '\n');
