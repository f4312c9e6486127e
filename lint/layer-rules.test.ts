/** The project's lint rules, run through ESLint on snippets placed at paths in the tree (the files need not exist). */
import { ESLint } from 'eslint';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
const eslint = new ESLint({ cwd: root });

/** The `earshot/*` rules (and parse errors, as null) a snippet at `file` breaks, in order. */
async function broken(file: string, code: string): Promise<(string | null)[]> {
  const [result] = await eslint.lintText(code, { filePath: `${root}${file}` });
  return result.messages.map((m) => m.ruleId).filter((id) => id === null || id.startsWith('earshot/'));
}

describe('layer imports', () => {
  it('renderer/ imports nothing from main/, preload/, Node built-ins or Node-only packages', async () => {
    const layer = 'earshot/layer-imports';
    expect(await broken('renderer/views/x.tsx', "export { openDatabase } from '../../main/db/open';")).toEqual([layer]);
    expect(await broken('renderer/x.ts', "import type { Api } from '../preload/index';\nexport type A = Api;")).toEqual(
      [layer],
    );
    for (const pkg of ['node:fs', 'fs', 'path', 'child_process', 'better-sqlite3', 'ws', 'electron']) {
      expect(await broken('renderer/store/x.ts', `import * as m from '${pkg}';\nexport { m };`)).toEqual([layer]);
    }
    expect(await broken('renderer/x.ts', "export const p = import('../main/web/server');")).toEqual([layer]);
  });

  it('renderer/ may import its own modules, shared/ and browser packages', async () => {
    const code =
      "export { call } from './api/client';\nexport * from '../shared/contract';\nexport { useState } from 'react';";
    expect(await broken('renderer/x.ts', code)).toEqual([]);
  });

  it('shared/ imports nothing from main/, renderer/ or preload/', async () => {
    const layer = 'earshot/layer-imports';
    const fromMain = "import type { Row } from '../../main/stats/benchmarks/index';\nexport type R = Row;";
    expect(await broken('shared/types/x.ts', fromMain)).toEqual([layer]);
    expect(await broken('shared/x.ts', "export { useApp } from '../renderer/store/index';")).toEqual([layer]);
    expect(await broken('shared/x.ts', "export { contract } from './contract';")).toEqual([]);
  });

  it('the domain does not import the doors (api, web, cli, electron); its tests may', async () => {
    const layer = 'earshot/layer-imports';
    expect(await broken('main/annotation/x.ts', "export { DomainError } from '../api/errors';")).toEqual([layer]);
    expect(await broken('main/stats/agreement/x.ts', "export const m = import('../../cli/agreement');")).toEqual([
      layer,
    ]);
    expect(await broken('main/db/x.ts', "export { serve } from '../web/server';")).toEqual([layer]);
    expect(await broken('main/annotation/x.ts', "export { notFound } from '../domain/errors';")).toEqual([]);
    expect(await broken('main/annotation/x.test.ts', "export { dispatch } from '../api/dispatch';")).toEqual([]);
  });

  it('main/db imports no domain folder but main/domain', async () => {
    const layer = 'earshot/layer-imports';
    expect(await broken('main/db/x.ts', "export { saveLabel } from '../annotation/labels';")).toEqual([layer]);
    expect(
      await broken('main/db/x.ts', "export { notFound } from '../domain/errors';\nexport * from './open';"),
    ).toEqual([]);
  });

  it("only main/electron/ and preload/ import 'electron'", async () => {
    // The snippet is assembled so this test file itself holds no import of the package, only the text to lint.
    const pkg = ['elec', 'tron'].join('');
    const code = `export { app } from '${pkg}';`;
    expect(await broken('main/web/x.ts', code)).toEqual(['earshot/layer-imports']);
    expect(await broken('main/electron/x.ts', code)).toEqual([]);
    expect(await broken('preload/index.ts', code)).toEqual([]);
  });
});

describe('SQL only in main/db', () => {
  const sql = 'earshot/sql-only-in-db';

  it("reports a database's prepare, exec, transaction and pragma outside main/db", async () => {
    expect(await broken('main/annotation/x.ts', "export const n = db.prepare('SELECT 1').get();")).toEqual([sql]);
    expect(await broken('main/judge/x.ts', "services.db.exec('DELETE FROM judgements');")).toEqual([sql]);
    expect(await broken('main/runner/x.ts', 'conn.exec(statements);')).toEqual([sql]);
    expect(await broken('main/metrics/x.ts', 'export const load = db.transaction(() => 1);')).toEqual([sql]);
    expect(await broken('main/api/x.ts', "export const v = db.pragma('user_version');")).toEqual([sql]);
    expect(await broken('main/importers/x.ts', 'handle.exec(`INSERT INTO assets (path) VALUES (?)`);')).toEqual([sql]);
  });

  it('leaves RegExp exec alone, and allows SQL in main/db and in tests', async () => {
    const regex = 'export const m = /^(\\d+)$/.exec(text);\nexport const n = PATTERN.exec(name);';
    expect(await broken('main/annotation/x.ts', regex)).toEqual([]);
    expect(await broken('main/db/x.ts', "export const n = db.prepare('SELECT 1').get();")).toEqual([]);
    expect(await broken('main/annotation/x.test.ts', "export const n = db.prepare('SELECT 1').get();")).toEqual([]);
  });
});

describe('tests write no product rows with raw SQL', () => {
  const write = 'earshot/no-sql-writes-in-tests';

  it('reports INSERT, UPDATE, DELETE and REPLACE passed to prepare or exec in tests outside main/db', async () => {
    const insert = 'db.prepare("INSERT INTO studies (name) VALUES (\'x\')").run();';
    expect(await broken('main/annotation/x.test.ts', insert)).toEqual([write]);
    expect(await broken('e2e/x.spec.ts', 'db.exec(`\n  update episodes SET reward = 1`);')).toEqual([write]);
    expect(await broken('e2e/support/seed.ts', "db.exec('CREATE TABLE t (a); DELETE FROM episodes');")).toEqual([
      write,
    ]);
    expect(await broken('main/stats/x.test.ts', "db.prepare('REPLACE INTO annotators VALUES (1)').run();")).toEqual([
      write,
    ]);
  });

  it('allows reads in tests, and writes in main/db tests', async () => {
    expect(await broken('main/annotation/x.test.ts', "db.prepare('SELECT count(*) FROM studies').get();")).toEqual([]);
    expect(await broken('main/db/x.test.ts', "db.prepare('INSERT INTO studies (name) VALUES (?)').run('x');")).toEqual(
      [],
    );
  });
});
