// The Ajv baseline's validator: widget-data.schema.json compiled once by Ajv 6 (Debian node-ajv,
// found through NODE_PATH=/usr/share/nodejs), with `unicode: false` (minLength counts UTF-16 units,
// as the typed walk's `!== ""` does; nothing else in the schema depends on it).
//   require("./ajv-validator.js")                  the compiled function (Node: Benchmarks/run.sh)
//   node ajv-validator.js --standalone             the same function's source, as a script that
//                                                  defines `contractBenchAjvValidate` (JavaScriptCore,
//                                                  which has no require)
"use strict";
const path = require("path");
const Ajv = require("ajv");
const schema = require(path.join(__dirname, "widget-data.schema.json"));
const options = { unicode: false, sourceCode: true };
const validate = new Ajv(options).compile(schema);
if (require.main === module && process.argv[2] === "--standalone") {
  // Ajv 6 builds the function from this source with helpers passed in (refVal, equal, formats, …).
  // This schema's compiled code needs none of them (its one $ref is inlined; refVal is only
  // declared), which is checked, so the source runs on its own.
  const code = validate.source.code;
  for (const helper of ["equal(", "ucs2length", "formats", "customRules", "self.", "RULES", "root.", "defaults", "pattern"]) {
    if (code.includes(helper)) throw new Error("the compiled validator uses Ajv's " + helper + ": it is not standalone");
  }
  if (/refVal\d+\s*\(/.test(code) || /refVal\d+\.call/.test(code)) throw new Error("the compiled validator calls a referenced validator");
  process.stdout.write("var contractBenchAjvValidate = (function (refVal) {\n" + code + "\n})([]);\n");
} else {
  module.exports = validate;
}
