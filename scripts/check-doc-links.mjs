#!/usr/bin/env node
// Checks that every relative link in README.md and docs/**/*.md resolves to a file in the checkout, and that
// a `#fragment` into a Markdown file names one of its headings (GitHub's slug rules). Prints each broken
// link as FILE:LINE: TARGET and exits 1 if there is any.   node scripts/check-doc-links.mjs
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

function markdownFiles(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? markdownFiles(path) : name.endsWith('.md') ? [path] : [];
  });
}

/** GitHub's heading anchor: lower case, punctuation dropped, spaces to hyphens. */
function slug(heading) {
  return heading.trim().toLowerCase().replace(/[^\p{L}\p{N}\s_-]/gu, '').replace(/\s/g, '-');
}

function anchorsOf(file) {
  const text = readFileSync(file, 'utf8').replace(/```[\s\S]*?```/g, '');
  return new Set([...text.matchAll(/^#{1,6}\s+(.+)$/gm)].map((m) => slug(m[1])));
}

const files = [join(root, 'README.md'), ...markdownFiles(join(root, 'docs'))];
const broken = [];
for (const file of files) {
  const lines = readFileSync(file, 'utf8').split('\n');
  let fenced = false;
  lines.forEach((line, index) => {
    if (line.startsWith('```')) fenced = !fenced;
    if (fenced) return;
    for (const [, target] of line.matchAll(/\]\(([^)\s]+)\)/g)) {
      if (/^[a-z]+:/i.test(target)) continue; // http:, https:, mailto:
      const [path, fragment] = target.split('#');
      const resolved = path === '' ? file : resolve(dirname(file), path);
      const where = `${relative(root, file)}:${index + 1}: ${target}`;
      if (!existsSync(resolved)) broken.push(`${where} (no such file)`);
      else if (fragment && resolved.endsWith('.md') && !anchorsOf(resolved).has(fragment)) broken.push(`${where} (no such heading)`);
    }
  });
}
for (const line of broken) console.log(line);
console.log(`${files.length} files checked, ${broken.length} broken link(s)`);
process.exit(broken.length > 0 ? 1 : 0);
