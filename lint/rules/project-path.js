/** Where a linted file sits in the project: its path from the project root, with forward slashes. */
import path from 'node:path';

/** The file's path relative to the project root (ESLint's cwd), e.g. `main/db/open.ts`. */
export function projectPath(context) {
  return path.relative(context.cwd, context.filename).split(path.sep).join('/');
}

/** Whether a project path is a test file: `*.test.ts(x)`, `*.spec.ts`, or anything under `e2e/`. */
export function isTestFile(file) {
  return /\.(test|spec)\.[cm]?[jt]sx?$/.test(file) || file.startsWith('e2e/');
}

/** Whether a project path lies in one of the folders (`main/db` matches `main/db/x.ts`, not `main/dbx.ts`). */
export function inFolder(file, folders) {
  return folders.some((folder) => file === folder || file.startsWith(`${folder.replace(/\/$/, '')}/`));
}
