import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const repoRoot = path.resolve(import.meta.dirname, '../../..');
const srcDir = path.resolve(import.meta.dirname, '../src');
const modulesDir = path.join(srcDir, 'modules');

/**
 * Biome's verdict on `source` as the file at `file` (relative to the repo), under the project's own biome.json: a
 * copy of it in a scratch folder with the probe at that path, so the real tree is never touched.
 */
function lintAs(file: string, source: string) {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'deckhand-boundaries-'));
  try {
    const config: Record<string, unknown> = JSON.parse(fs.readFileSync(path.join(repoRoot, 'biome.json'), 'utf8'));
    // The scratch folder is no git checkout, and its schema path would point nowhere.
    delete config.vcs;
    delete config.$schema;
    fs.writeFileSync(path.join(scratch, 'biome.json'), JSON.stringify(config));
    fs.mkdirSync(path.join(scratch, path.dirname(file)), { recursive: true });
    fs.writeFileSync(path.join(scratch, file), source);
    const result = spawnSync(
      path.join(repoRoot, 'node_modules/.bin/biome'),
      ['lint', '--only=style/noRestrictedImports', '--max-diagnostics=50', file],
      { cwd: scratch, encoding: 'utf8' },
    );
    return { status: result.status, output: `${result.stdout}${result.stderr}` };
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}

/** Every production source file under `dir`. */
function sourceFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
    .map((name) => path.join(dir, name));
}

/** The files a source file imports (relative imports only, types included), resolved without the extension. */
function importsOf(file: string): string[] {
  const text = fs.readFileSync(file, 'utf8');
  return [...text.matchAll(/(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/g)].map((match) =>
    path.resolve(path.dirname(file), match[1] ?? ''),
  );
}

function moduleOf(file: string): string | undefined {
  const relative = path.relative(modulesDir, file);
  return relative.startsWith('..') ? undefined : relative.split(path.sep)[0];
}

describe('module boundaries', () => {
  it('lint refuses a module importing another module’s service files, and allows its commands and queries', () => {
    const crossing = lintAs(
      'apps/server/src/modules/tasks/commands/probe.ts',
      "import { requireCardAccess } from '../../cards/service/access';\nexport const probe = requireCardAccess;\n",
    );
    expect(crossing.status).not.toBe(0);
    expect(crossing.output).toContain('only through its commands/, queries/ and events.ts');
    const fromRoot = lintAs(
      'apps/server/src/modules/tasks/subscribers.ts',
      "import { publishToMembers } from '../projects/publish';\nexport const probe = publishToMembers;\n",
    );
    expect(fromRoot.status).not.toBe(0);
    const allowed = lintAs(
      'apps/server/src/modules/tasks/commands/probe.ts',
      [
        "import { requireCardAccess } from '../../cards/queries/card-access';",
        "import type { CardEvents } from '../../cards/events';",
        "import { createTask } from './create-task';",
        "import { readTask } from '../service/tasks';",
        "import type { Db } from '../../../db/client';",
        'export type Probe = [typeof requireCardAccess, CardEvents, typeof createTask, typeof readTask, Db];',
        '',
      ].join('\n'),
    );
    expect(allowed.output).not.toContain('noRestrictedImports');
    expect(allowed.status).toBe(0);
  });

  it('lint refuses platform/ importing a module', () => {
    const result = lintAs(
      'apps/server/src/platform/probe.ts',
      "import { publishToMembers } from '../modules/projects/queries/audience';\nexport const probe = publishToMembers;\n",
    );
    expect(result.status).not.toBe(0);
    expect(result.output).toContain('platform/ and db/ import no module');
  });

  it('has no cycle between modules', () => {
    const graph = new Map<string, Set<string>>();
    for (const file of sourceFiles(modulesDir)) {
      const from = moduleOf(file);
      if (!from) continue;
      for (const target of importsOf(file)) {
        const to = moduleOf(target);
        if (to && to !== from) graph.set(from, (graph.get(from) ?? new Set()).add(to));
      }
    }
    const cycles: string[] = [];
    const state = new Map<string, 'visiting' | 'done'>();
    const visit = (module: string, trail: string[]) => {
      if (state.get(module) === 'done') return;
      if (state.get(module) === 'visiting') {
        cycles.push([...trail.slice(trail.indexOf(module)), module].join(' → '));
        return;
      }
      state.set(module, 'visiting');
      for (const next of graph.get(module) ?? []) visit(next, [...trail, module]);
      state.set(module, 'done');
    };
    for (const module of graph.keys()) visit(module, []);
    expect(graph.size).toBeGreaterThan(5);
    expect(cycles).toEqual([]);
  });

  it('keeps test support out of src/: no production file imports vitest or test/', () => {
    const offenders = sourceFiles(srcDir).filter((file) => {
      const text = fs.readFileSync(file, 'utf8');
      return (
        /from 'vitest'/.test(text) ||
        importsOf(file).some(
          (target) =>
            !path.relative(srcDir, target).startsWith('..') === false && target.includes(`${path.sep}test${path.sep}`),
        )
      );
    });
    expect(offenders.map((file) => path.relative(srcDir, file))).toEqual([]);
  });
});
