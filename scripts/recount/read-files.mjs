/** File reading shared by the recount scripts: where the fixtures are, CSV rows and WAV headers; no dependencies. */
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The fixtures folder: the first argument, else $EARSHOT_FIXTURES, else ../shared/fixtures beside the checkout. */
export function fixturesDir() {
  const repo = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
  return resolve(process.argv[2] ?? process.env.EARSHOT_FIXTURES ?? resolve(repo, '../shared/fixtures'));
}

/** The rows of a CSV file (RFC 4180: quoted fields may hold commas, doubled quotes and line breaks) as objects. */
export function readCsv(path) {
  const text = readFileSync(path, 'utf8');
  const rows = [[]];
  let field = '';
  let quoted = false;
  const endField = () => {
    rows.at(-1).push(field);
    field = '';
  };
  for (let i = 0; i < text.length; i += 1) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') field += text[++i];
      else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') endField();
    else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i += 1;
      endField();
      rows.push([]);
    } else field += ch;
  }
  if (field !== '' || rows.at(-1).length > 0) endField();
  const [header, ...data] = rows.filter((r) => r.length > 1 || (r.length === 1 && r[0] !== ''));
  return data.map((r) => Object.fromEntries(header.map((name, j) => [name, r[j] ?? ''])));
}

/** Channels, sample rate and bits per sample of a WAV file, from its `fmt ` chunk. */
export function readWav(path) {
  const bytes = readFileSync(path);
  const out = {};
  for (let at = 12; at + 8 <= bytes.length;) {
    const id = bytes.toString('ascii', at, at + 4);
    const size = bytes.readUInt32LE(at + 4);
    if (id === 'fmt ') {
      out.channels = bytes.readUInt16LE(at + 10);
      out.sampleRate = bytes.readUInt32LE(at + 12);
      out.bitsPerSample = bytes.readUInt16LE(at + 22);
    }
    at += 8 + size + (size % 2);
  }
  return out;
}
