// Validates the server's OpenAPI document against the official OpenAPI 3.x JSON Schemas.
// `cargo test` writes the document (server/tests/api/openapi.rs); `cargo xtask ci` runs this.
// Usage: node web/scripts/validate-openapi.mjs <openapi.json>
import { readFile } from 'node:fs/promises';
import { Validator } from '@seriousme/openapi-schema-validator';

const file = process.argv[2];
if (!file) {
  console.error('usage: node web/scripts/validate-openapi.mjs <openapi.json>');
  process.exit(2);
}
let document;
try {
  document = JSON.parse(await readFile(file, 'utf8'));
} catch (error) {
  console.error(`cannot read ${file}: ${error.message}. Run \`cargo test -p tessera-server --test api openapi\` first.`);
  process.exit(1);
}
const result = await new Validator().validate(document);
if (!result.valid) {
  console.error(`${file} is not a valid OpenAPI ${document.openapi} document:`);
  console.error(JSON.stringify(result.errors, null, 2));
  process.exit(1);
}
const operations = Object.values(document.paths).reduce((n, item) => n + Object.keys(item).length, 0);
console.log(`${file}: valid OpenAPI ${document.openapi}, ${Object.keys(document.paths).length} paths, ${operations} operations`);
