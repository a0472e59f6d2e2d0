// Builds the page into dist/ (or the directory given as the first
// argument): src/app.js with its imports bundled and minified into app.js
// and app.css, and the licence of the bundled package (chessground:
// GPL-3.0-or-later) in licenses.txt. The output depends
// only on the sources and the pinned packages, so a test can rebuild it
// and compare it with the committed copy.
import { build } from 'esbuild';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const out = process.argv[2] || 'dist';
mkdirSync(out, { recursive: true });
await build({
  entryPoints: ['src/app.js'],
  bundle: true,
  minify: true,
  format: 'esm',
  target: ['es2020'],
  legalComments: 'eof',
  outfile: join(out, 'app.js'),
  logLevel: 'warning',
});

const licenses = ['chessground'].map((pkg) => {
  const { version, license, homepage, repository } = JSON.parse(readFileSync(`node_modules/${pkg}/package.json`, 'utf8'));
  const source = homepage || (repository && (repository.url || repository)) || '';
  const text = readFileSync(`node_modules/${pkg}/LICENSE`, 'utf8');
  return `${pkg} ${version} (${license}), bundled in this page; source: ${source}\n\n${text}`;
});
writeFileSync(join(out, 'licenses.txt'), licenses.join('\n' + '='.repeat(72) + '\n\n'));
