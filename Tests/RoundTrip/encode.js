// The writer side of the round trip, for any contract: each stdin line is
// {"module": "<typescript module>", "input": {...}} and gets one stdout line, the JSON string
// `encode(input)` of that compiled module wrote, or {"error": message} when the encoder refused.
// The inputs and the expected observations come from the schema (ValidDocumentGenerator).
// Usage: node encode.js COMPILED_TS_DIR < inputs.jsonl
'use strict';
const path = require('path');
const fs = require('fs');
const dir = process.argv[2];
const modules = new Map();
const out = [];
for (const line of fs.readFileSync(0, 'utf8').split('\n')) {
  if (line === '') continue;
  const { module, input } = JSON.parse(line);
  if (!modules.has(module)) modules.set(module, require(path.join(dir, module + '.js')));
  try {
    out.push(JSON.stringify(modules.get(module).encode(input)));
  } catch (error) {
    out.push(JSON.stringify({ error: String(error && error.message) }));
  }
}
process.stdout.write(out.join('\n') + '\n');
