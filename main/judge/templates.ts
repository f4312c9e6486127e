/** Judge prompt templates kept as files (resources/judge-prompts/<benchmark>/<step>.md): front matter, system and user sections. */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { decodeUtf8 } from '../importers/utf8';
import { join } from 'node:path';
import { appRoot } from '../services/paths';

/** A loaded template. */
export interface PromptTemplate {
  id: string;
  version: string;
  parse: 'triad' | 'json';
  system: string;
  user: string;
  /** SHA-256 of the file, so an edited template makes a new judge version. */
  hash: string;
  file: string;
}

/** A template file that cannot be used. */
export class TemplateError extends Error {}

/** The folder of the built-in templates. */
export const BUILTIN_PROMPTS = join(appRoot, 'resources', 'judge-prompts');

/** Parses a template's text. */
export function parseTemplate(text: string, file: string): PromptTemplate {
  const m = /^---\r?\n([\s\S]*?)\r?\n---\r?\n([\s\S]*)$/.exec(text);
  if (!m) throw new TemplateError(`${file}: no front matter (--- … ---) at the top`);
  const meta = Object.fromEntries(
    m[1]
      .split(/\r?\n/)
      .map((l) => /^([a-z_]+):\s*(.*?)\s*(#.*)?$/.exec(l))
      .filter((x): x is RegExpExecArray => x !== null)
      .map((x) => [x[1], x[2]]),
  );
  const sections = /^# system\r?\n([\s\S]*?)^# user\r?\n([\s\S]*)$/m.exec(m[2]);
  if (!sections) throw new TemplateError(`${file}: needs a "# system" section followed by a "# user" section`);
  if (meta.parse !== 'triad' && meta.parse !== 'json') throw new TemplateError(`${file}: parse must be triad or json`);
  if (!meta.id) throw new TemplateError(`${file}: front matter needs an id`);
  return {
    id: meta.id,
    version: meta.version ?? '1',
    parse: meta.parse,
    system: sections[1].trim(),
    user: sections[2].trim(),
    hash: createHash('sha256').update(text).digest('hex'),
    file,
  };
}

/** Loads `<dir>/<name>.md`. */
export function loadTemplate(name: string, dir: string = BUILTIN_PROMPTS): PromptTemplate {
  const file = join(dir, `${name}.md`);
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch {
    throw new TemplateError(`${file}: template not found`);
  }
  return parseTemplate(decodeUtf8(bytes, file), file);
}

/** Fills `{{name}}` placeholders; an unknown placeholder is an error. */
export function render(template: string, vars: Record<string, string>, file = 'template'): string {
  return template.replace(/\{\{\s*([a-z_]+)\s*\}\}/g, (_, name: string) => {
    if (!(name in vars)) throw new TemplateError(`${file}: unknown placeholder {{${name}}}`);
    return vars[name];
  });
}

/** The failure categories a classifier template lists (`- CODE (Group): description`), in order, with their groups. */
export function listedCategories(template: PromptTemplate): { code: string; group: string | null }[] {
  return [...template.user.matchAll(/^- ([A-Z][A-Z_]+)(?: \(([^)]+)\))?:/gm)].map((m) => ({ code: m[1], group: m[2] ?? null }));
}
