/** Where the studio keeps its data on each OS, and where it finds its resources. */
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultDbPath, pathsFor, userDataDir } from './paths';

describe('user data folder', () => {
  it('is EARSHOT_HOME when set, else the OS convention', () => {
    expect(userDataDir({ EARSHOT_HOME: 'rel/home' }, 'linux')).toBe(resolve('rel/home'));
    // XDG Base Directory spec: $XDG_DATA_HOME, defaulting to ~/.local/share.
    expect(userDataDir({}, 'linux')).toBe(join(homedir(), '.local', 'share', 'earshot'));
    expect(userDataDir({ XDG_DATA_HOME: '/xdg' }, 'linux')).toBe(join('/xdg', 'earshot'));
    // macOS: ~/Library/Application Support; Windows: %APPDATA% (Roaming).
    expect(userDataDir({}, 'darwin')).toBe(join(homedir(), 'Library', 'Application Support', 'Earshot'));
    expect(userDataDir({ APPDATA: 'C:/Users/u/AppData/Roaming' }, 'win32')).toBe(
      join('C:/Users/u/AppData/Roaming', 'Earshot'),
    );
    expect(userDataDir({}, 'win32')).toBe(join(homedir(), 'AppData', 'Roaming', 'Earshot'));
  });

  it('holds earshot.db when no --db is given', () => {
    expect(defaultDbPath({ EARSHOT_HOME: '/data' })).toBe(join(resolve('/data'), 'earshot.db'));
  });

  it('finds resources/ and the built renderer under the app root', () => {
    expect(pathsFor('/d/e.db', '/app')).toEqual({
      dbPath: '/d/e.db',
      resourcesDir: join('/app', 'resources'),
      rendererDir: join('/app', 'dist', 'renderer'),
    });
  });
});
