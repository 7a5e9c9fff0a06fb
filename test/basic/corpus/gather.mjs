// Rebuilds the corpus from a checkout of github.com/generalbots/generalbots at the commit in
// manifest.json: `node test/basic/corpus/gather.mjs <checkout>`. Copies every `.bas` of
// bottemplates/bots into templates/ and every ```basic / ```bas block of botbook/src into snippets.json.
import { execFileSync } from 'node:child_process';
import console from 'node:console';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import process from 'node:process';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const checkout = process.argv[2];
if (!checkout) throw new Error('usage: gather.mjs <checkout of generalbots/generalbots>');
const git = (...args) => execFileSync('git', ['-C', checkout, ...args], { encoding: 'utf8', maxBuffer: 1 << 28 });
const commit = git('rev-parse', 'HEAD').trim();
const files = git('ls-tree', '-r', '--name-only', commit).split('\n');

const scripts = files.filter((f) => f.startsWith('bottemplates/bots/') && f.toLowerCase().endsWith('.bas')).sort();
for (const path of scripts) {
  const target = join(here, 'templates', path.slice('bottemplates/bots/'.length));
  mkdirSync(dirname(target), { recursive: true });
  writeFileSync(target, git('show', `${commit}:${path}`));
}

const snippets = [];
for (const path of files.filter((f) => f.startsWith('botbook/src/') && f.endsWith('.md')).sort()) {
  const lines = git('show', `${commit}:${path}`).split('\n');
  for (let i = 0; i < lines.length; i++) {
    if (!/^```(basic|bas)\s*$/.test(lines[i])) continue;
    const start = i + 1;
    let end = start;
    while (end < lines.length && !lines[end].startsWith('```')) end++;
    snippets.push({ path, line: start + 1, code: lines.slice(start, end).join('\n') });
    i = end;
  }
}
writeFileSync(join(here, 'snippets.json'), `${JSON.stringify(snippets, null, 1)}\n`);

const manifest = {
  repository: 'https://github.com/generalbots/generalbots',
  commit,
  licence: 'AGPL-3.0 (bottemplates/README.md: "All templates are licensed under AGPL-3.0"; botbook/LICENSE); the text is LICENSE in this folder',
  scripts: { from: 'bottemplates/bots/**/*.bas', into: 'templates/', count: scripts.length },
  snippets: { from: 'botbook/src/**/*.md, fenced ```basic and ```bas blocks', into: 'snippets.json', count: snippets.length },
};
writeFileSync(join(here, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
console.log(`${scripts.length} scripts, ${snippets.length} snippets from ${commit}`);
