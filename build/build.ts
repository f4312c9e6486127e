/** `npm run build`: the renderer into dist/renderer and the Electron main process, preload and workers into dist/electron. */
import { buildElectron } from './electron';
import { buildRenderer } from './renderer';
import { repoRoot } from './repo-root';

await buildRenderer(repoRoot);
await buildElectron(repoRoot);
process.stdout.write('Built dist/renderer and dist/electron\n');
