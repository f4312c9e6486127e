import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ImportError } from './batch';
import { displayPath, findInsideRoot, ImportRoot, resolveInsideRoot } from './safe-path';
import { removeTempDirs, tempDir, writeFiles } from '../../test-support/temp-files';

afterAll(removeTempDirs);

const site = { file: 'simulations/a.json', record: 'simulation 2 (id "x")', field: 'audio_file' };

function refusal(root: string, ref: string): ImportError {
  try {
    resolveInsideRoot(root, ref, site);
  } catch (err) {
    return err as ImportError;
  }
  throw new Error(`expected ${ref} to be refused`);
}

describe('resolveInsideRoot', () => {
  const root = writeFiles(tempDir(), { 'audio/a.wav': 'x', 'b.txt': 'y' });
  const outside = writeFiles(tempDir(), { 'secret.wav': 'z' });

  it('resolves relative references inside the root, including harmless ..', () => {
    expect(resolveInsideRoot(root, 'audio/a.wav', site)).toMatch(/audio[\\/]a\.wav$/);
    expect(resolveInsideRoot(root, 'audio/../b.txt', site)).toMatch(/b\.txt$/);
    expect(resolveInsideRoot(root, 'audio\\a.wav', site)).toMatch(/audio[\\/]a\.wav$/);
  });

  it('refuses absolute paths, naming file, record and field', () => {
    const err = refusal(root, '/etc/passwd');
    expect(err).toBeInstanceOf(ImportError);
    expect(err.message).toContain('simulations/a.json: simulation 2 (id "x"): audio_file: absolute path "/etc/passwd" refused');
    expect(refusal(root, 'C:\\Windows\\x.wav').message).toContain('absolute path');
  });

  it('refuses .. escapes', () => {
    expect(refusal(root, '../x.wav').message).toContain('leads outside the imported folder');
    expect(refusal(root, 'audio/../../x.wav').message).toContain('leads outside');
  });

  it('refuses symlinks whose target lies outside the root, and follows ones inside', () => {
    symlinkSync(join(outside, 'secret.wav'), join(root, 'audio', 'link.wav'));
    symlinkSync(outside, join(root, 'linkdir'));
    symlinkSync(join(root, 'b.txt'), join(root, 'inside-link.txt'));
    expect(refusal(root, 'audio/link.wav').message).toContain('is a link to a place outside');
    expect(refusal(root, 'linkdir/secret.wav').message).toContain('is a link to a place outside');
    expect(resolveInsideRoot(root, 'inside-link.txt', site)).toMatch(/b\.txt$/);
  });

  it('resolves missing files lexically; findInsideRoot returns null for them', () => {
    expect(resolveInsideRoot(root, 'missing/none.wav', site)).toBe(join(root, 'missing/none.wav'));
    expect(findInsideRoot(root, 'missing/none.wav', site)).toBeNull();
    expect(findInsideRoot(root, 'audio/a.wav', site)).not.toBeNull();
  });

  it('refuses empty references and names paths relative to the root', () => {
    expect(refusal(root, '').message).toContain('empty or malformed');
    mkdirSync(join(root, 'x/y'), { recursive: true });
    writeFileSync(join(root, 'x/y/z.json'), '{}');
    expect(displayPath(root, join(root, 'x/y/z.json'))).toBe('x/y/z.json');
  });
});

describe('ImportRoot.findListed', () => {
  const root = writeFiles(tempDir(), { 'artifacts/task_1/sim_a/x.txt': 'x', 'b.txt': 'y' });
  const outside = writeFiles(tempDir(), { 'secret/x.txt': 'z' });

  it('finds what find finds, from folder listings read once', () => {
    const r = new ImportRoot(root);
    expect(r.findListed('artifacts/task_1/sim_a', site)).toBe(r.find('artifacts/task_1/sim_a', site));
    expect(r.findListed('artifacts/task_1/sim_a/x.txt', site)).toMatch(/x\.txt$/);
    expect(r.findListed('artifacts/task_1/sim_b', site)).toBeNull();
    expect(r.findListed('artifacts/task_2/sim_a', site)).toBeNull();
    mkdirSync(join(root, 'artifacts/task_1/sim_b'));
    expect(r.findListed('artifacts/task_1/sim_b', site)).toBeNull(); // listed before it was made
    expect(new ImportRoot(root).findListed('artifacts/task_1/sim_b', site)).not.toBeNull();
  });

  it('keeps the refusals of resolve', () => {
    symlinkSync(join(outside, 'secret'), join(root, 'artifacts/task_1/sim_link'));
    const r = new ImportRoot(root);
    expect(() => r.findListed('artifacts/task_1/sim_link', site)).toThrow('is a link to a place outside');
    expect(() => r.findListed('artifacts/../../x', site)).toThrow('leads outside');
  });
});

describe('ImportRoot.list', () => {
  const root = writeFiles(tempDir(), { 'sims/b.json': '{}', 'sims/a.json': '{}', 'sims/notes.txt': '' });
  const outside = writeFiles(tempDir(), { 'x.json': '{}', 'dir/y.json': '{}' });
  const names = (r: ImportRoot, dir: string) => r.list(dir, '.json', site).map((f) => f.name);

  it('lists the files with the suffix in name order, resolved as resolve resolves them', () => {
    const r = new ImportRoot(root);
    expect(names(r, 'sims')).toEqual(['a.json', 'b.json']);
    for (const f of r.list('sims', '.json', site)) expect(f.resolve(site)).toBe(r.resolve(`sims/${f.name}`, site));
  });

  it('refuses entries that are links outside, and every entry of a folder that is one', () => {
    symlinkSync(join(outside, 'x.json'), join(root, 'sims', 'c.json'));
    symlinkSync(join(outside, 'dir'), join(root, 'linked'));
    const r = new ImportRoot(root);
    const c = r.list('sims', '.json', site).find((f) => f.name === 'c.json')!;
    expect(() => c.resolve(site)).toThrow('is a link to a place outside');
    const [y] = r.list('linked', '.json', site);
    expect(() => y.resolve(site)).toThrow('"linked/y.json" is a link to a place outside');
  });
});
