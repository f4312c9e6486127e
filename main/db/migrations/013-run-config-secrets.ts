/**
 * Migration 13: runs recorded before URL secrets were refused may hold a key in a stored config's URL
 * (`https://user:KEY@host/…`, `?api-key=…`). Every URL string inside `runs.system_config` and `runs.judge_config` loses
 * its credentials and every query or fragment parameter named like a secret; nothing else in the row changes.
 */
import type Database from 'better-sqlite3';
import { isSecretParam } from '../../domain/secret-names';

function withoutSecretParams(part: string, prefix: '?' | '#'): string {
  const params = new URLSearchParams(part.replace(/^[?#]/, ''));
  for (const [name, value] of [...params]) {
    if (isSecretParam(name, value)) params.delete(name);
  }
  const kept = params.toString();
  return kept ? `${prefix}${kept}` : '';
}

/** `text` without credentials or secret parameters when it is an http(s) or ws(s) URL; otherwise `text` itself. */
export function redactUrl(text: string): string {
  if (!/^(https?|wss?):\/\//i.test(text)) return text;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return text;
  }
  const search = withoutSecretParams(url.search, '?');
  const hash = withoutSecretParams(url.hash, '#');
  if (!url.username && !url.password && search === url.search && hash === url.hash) return text;
  url.username = '';
  url.password = '';
  url.search = search;
  url.hash = hash;
  return url.toString();
}

function redactJson(value: unknown): unknown {
  if (typeof value === 'string') return redactUrl(value);
  if (Array.isArray(value)) return value.map(redactJson);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, redactJson(v)]));
  }
  return value;
}

/** The stored config text with its URLs redacted, or null when nothing in it changes. */
function redactedConfig(text: string | null): string | null {
  if (text === null) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  const redacted = JSON.stringify(redactJson(parsed));
  return redacted === JSON.stringify(parsed) ? null : redacted;
}

/** Redacts the URLs of every stored run config, overwriting the old bytes; runs in the migration's transaction. */
export function migration013(db: Database.Database): void {
  const rows = db.prepare('SELECT id, system_config, judge_config FROM runs').all() as {
    id: number;
    system_config: string;
    judge_config: string | null;
  }[];
  // The old rows' bytes are overwritten on the pages they leave, not merely unlinked.
  const secureDelete = db.pragma('secure_delete', { simple: true }) as number;
  db.pragma('secure_delete = ON');
  const setSystem = db.prepare('UPDATE runs SET system_config = ? WHERE id = ?');
  const setJudge = db.prepare('UPDATE runs SET judge_config = ? WHERE id = ?');
  for (const r of rows) {
    const system = redactedConfig(r.system_config);
    if (system !== null) setSystem.run(system, r.id);
    const judge = redactedConfig(r.judge_config);
    if (judge !== null) setJudge.run(judge, r.id);
  }
  db.pragma(`secure_delete = ${secureDelete}`);
}
