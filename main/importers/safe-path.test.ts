import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ImportError } from './batch';
import { displayPath, findInsideRoot, resolveInsideRoot } from './safe-path';
import { removeTempDirs, tempDir, writeFiles } from './tau2/test-files';

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
