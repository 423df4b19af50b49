// Rewrites the README's Configuration table (between <!-- config:start --> and
// <!-- config:end -->) from src/server/config.ts, the list the server reads.
// Run: npx node scripts/readme-config.mjs   (tests/server/config.test.ts checks it is current)
import { readFileSync, writeFileSync } from 'node:fs';
import { configMarkdownTable } from '../src/server/config.ts';

const file = new URL('../README.md', import.meta.url);
const readme = readFileSync(file, 'utf8');
const start = '<!-- config:start -->';
const end = '<!-- config:end -->';
const a = readme.indexOf(start);
const b = readme.indexOf(end);
if (a < 0 || b < a) throw new Error(`README.md needs the markers ${start} and ${end} in its Configuration section`);
const intro =
  'The server reads these environment variables at start; a bad value stops it with a message naming the variable.';
const next = `${readme.slice(0, a + start.length)}\n${intro}\n\n${configMarkdownTable()}\n${readme.slice(b)}`;
writeFileSync(file, next);
console.log('README.md Configuration table updated');
