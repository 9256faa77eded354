#!/usr/bin/env node
// Runs the Khronos glTF-Validator on each file given and prints one JSON line per file:
// {"file": ..., "errors": N, "warnings": N, "issues": [{"code","severity","pointer","message"}]}
// Exit status: 0 when every file could be validated (whatever it found), 2 when one could not be read.
'use strict';
const fs = require('fs');
const path = require('path');
const validator = require('gltf-validator');

async function validateOne(file) {
  const bytes = new Uint8Array(fs.readFileSync(file));
  const report = await validator.validateBytes(bytes, {
    uri: path.basename(file),
    maxIssues: 0,
    externalResourceFunction: (uri) => new Promise((resolve, reject) => {
      const resolved = path.resolve(path.dirname(file), decodeURIComponent(uri));
      fs.readFile(resolved, (err, data) => (err ? reject(err.toString()) : resolve(new Uint8Array(data))));
    }),
  });
  const issues = (report.issues.messages || []).map((m) => ({
    code: m.code, severity: m.severity, pointer: m.pointer || '', message: m.message,
  }));
  return { file, errors: report.issues.numErrors, warnings: report.issues.numWarnings, issues };
}

(async () => {
  let status = 0;
  for (const file of process.argv.slice(2)) {
    try {
      console.log(JSON.stringify(await validateOne(file)));
    } catch (e) {
      console.log(JSON.stringify({ file, failure: String(e) }));
      status = 2;
    }
  }
  process.exit(status);
})();
