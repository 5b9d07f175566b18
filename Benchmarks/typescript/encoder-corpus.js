// The "typical" widget-data snapshot the encoder benchmark writes (Benchmarks/run-encoders.sh),
// beside contract-bench's escape-heavy one: titles of plain ASCII words; one title in eight with
// an escape (`\"`, `\\` or a tab) or an emoji; a project id on every other row; one row in five
// in one of a few projects; seven colours. Deterministic: the same bytes for a size every run.
//   node Benchmarks/typescript/encoder-corpus.js BYTES > blob.json
'use strict';
const target = Number(process.argv[2] || 200000);
const words = ['milk', 'eggs', 'call', 'Anna', 'about', 'the', 'report', 'review', 'draft', 'book', 'flights', 'to', 'Lisbon',
  'pay', 'rent', 'water', 'plants', 'pick', 'up', 'kids', 'gym', 'fix', 'bike', 'email', 'team', 'notes', 'for', 'Monday'];
let seed = 12345;
const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
const pick = (items) => items[Math.floor(next() * items.length)];
const tasks = [];
const projects = [];
let size = 200;
for (let i = 0; size < target; i++) {
  const count = 2 + Math.floor(next() * 5);
  let title = Array.from({ length: count }, () => pick(words)).join(' ');
  if (i % 8 === 3) title += pick([' "today"', ' a\\b', '\tlater', ' 🎉']);
  const task = { id: 't' + i, title, isDone: i % 3 === 0 };
  if (i % 2 === 0) task.projectId = 'p' + (i % 7);
  const text = JSON.stringify(task);
  if (i % 5 === 4) projects.push({ id: 'p' + i, title: 'Project ' + i, tasks: [task] });
  else tasks.push(task);
  size += text.length + 1;
}
const projectColors = {};
for (let k = 0; k < 7; k++) projectColors['p' + k] = '#' + (k * 2396745).toString(16).padStart(6, '0');
process.stdout.write(JSON.stringify({ v: 1, dayStr: '2026-07-17', validUntil: 1784325600000, tasks, projectColors, projects }));
