/** The repository the build scripts belong to (the folder above build/). */
import { fileURLToPath } from 'node:url';

/** Absolute path of the repository root. */
export const repoRoot = fileURLToPath(new URL('..', import.meta.url));
