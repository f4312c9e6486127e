/** The project's layers as lint zones: which folders may import which (docs/architecture.md, "Layers and lint"). */

/** The doors: how the outside reaches the domain (IPC, the web host, the command line, Electron). */
const DOORS = ['main/api', 'main/web', 'main/cli', 'main/electron'];

/** The domain folders of main/, which serve the doors and never import them. */
const DOMAIN = [
  'main/annotation',
  'main/metrics',
  'main/stats',
  'main/importers',
  'main/exchange-formats',
  'main/judge',
  'main/runner',
  'main/db',
  'main/llm',
  'main/audio',
  'main/demo',
  'main/jobs',
  'main/services',
  'main/domain',
  'main/align',
  'main/remote',
];

/** Zones for the `earshot/layer-imports` rule. */
export const LAYER_ZONES = [
  {
    name: 'renderer',
    from: ['renderer'],
    forbid: ['main', 'preload'],
    forbidBuiltins: true,
    forbidPackages: ['better-sqlite3', 'ws'], // and 'electron', by the electron zone
  },
  { name: 'shared', from: ['shared'], forbid: ['main', 'renderer', 'preload'] },
  { name: 'domain-not-doors', from: DOMAIN, skipTests: true, forbid: DOORS },
  {
    name: 'db-below-domain',
    from: ['main/db'],
    skipTests: true,
    forbid: DOMAIN.filter((folder) => folder !== 'main/db' && folder !== 'main/domain'),
  },
  { name: 'electron', except: ['main/electron', 'preload'], forbidPackages: ['electron'] },
];
