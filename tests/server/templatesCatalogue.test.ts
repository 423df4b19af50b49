// The shipped catalogue's facts (issue 17): each template's "Created" is the day its file was
// added to the repository (not a made-up date), collections are no older than their templates,
// and the author has a display name. Git history is read where there is a full one.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CATALOGUE_DIR, loadCatalogue } from '../../src/server/templates/catalogue.ts';
import { authorName } from '../../src/model/templates.ts';

const catalogue = loadCatalogue();
const DAY = 86_400_000;

function git(args: string[]): string | undefined {
  try {
    return execFileSync('git', args, { cwd: CATALOGUE_DIR, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return undefined;
  }
}
// A shallow clone dates every file to its cut-off commit: nothing to compare then.
const history = git(['rev-parse', '--is-shallow-repository']) === 'false';

describe('template catalogue dates and author', () => {
  it.runIf(history)('each template was created when its file was added to the repository (within a day)', () => {
    const dir = join(CATALOGUE_DIR, 'workflows');
    // One pass over the history: "@<date>" lines, each followed by the files that commit added.
    const addedAt = new Map<string, string>();
    let date = '';
    for (const line of (git(['log', '--diff-filter=A', '--name-only', '--format=@%aI', '--', '.']) ?? '').split('\n')) {
      if (line.startsWith('@')) date = line.slice(1);
      else if (line.trim()) addedAt.set(line.trim().split('/').pop()!, date); // oldest commit is read last
    }
    const wrong: string[] = [];
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.json'))) {
      const added = addedAt.get(file);
      if (!added) continue; // not committed yet: checked below against now
      const createdAt = (JSON.parse(readFileSync(join(dir, file), 'utf8')) as { createdAt: string }).createdAt;
      if (Math.abs(Date.parse(createdAt) - Date.parse(added)) > DAY) wrong.push(`${file}: ${createdAt}, added ${added}`);
    }
    expect(wrong).toEqual([]);
  });

  it('no date is in the future, and a collection is no older than its newest template', () => {
    const byId = new Map(catalogue.templates.map((t) => [t.id, t]));
    for (const t of catalogue.templates) expect(Date.parse(t.createdAt), t.name).toBeLessThanOrEqual(Date.now());
    for (const c of catalogue.collections) {
      const newest = Math.max(...c.workflows.map((id) => Date.parse(byId.get(id)!.createdAt)));
      expect(Date.parse(c.createdAt), c.name).toBeGreaterThanOrEqual(newest);
      expect(Date.parse(c.createdAt), c.name).toBeLessThanOrEqual(Date.now());
    }
  });

  it('the author shows as a name, not the lower-case handle', () => {
    expect(new Set(catalogue.templates.map((t) => authorName(t.user)))).toEqual(new Set(['Switchyard team']));
  });
});
