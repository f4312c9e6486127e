/** A VERA episodes file (or folder) as an episode set, through the VERA importer (decryption, prompt audio lookup). */
import { createHash } from 'node:crypto';
import { readFileSync, statSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { readVera } from '../../importers/vera/read-vera';
import type { EpisodeSet, SetItem } from './types';

function contentHash(path: string): string {
  const h = createHash('sha256');
  const files = statSync(path).isDirectory() ? readdirSync(path).filter((f) => f.endsWith('.json')).sort().map((f) => join(path, f)) : [path];
  for (const f of files) h.update(readFileSync(f));
  return h.digest('hex');
}

/** Reads VERA episodes as set items: the decrypted question(s) with their 24 kHz prompt audio, documents and expected answer. */
export async function readVeraSet(path: string): Promise<EpisodeSet> {
  const abs = resolve(path);
  const batch = await readVera(abs);
  const items = new Map<string, SetItem>();
  for (const e of batch.episodes) {
    if (items.has(e.task)) continue;
    const userTurns = e.turns.filter((t) => t.speaker === 'user');
    const prompts = e.audio.filter((a) => a.role.startsWith('prompt'));
    const reference = (e.info.expectedAnswer as string | null) ?? null;
    const docs = (e.info.contextDocuments as { source: string | null; content: string }[]) ?? [];
    items.set(e.task, {
      id: e.task,
      task: e.task,
      condition: { ...e.condition },
      instructions: null,
      documents: docs.map((d, i) => ({ id: d.source ?? `document-${i + 1}`, title: d.source, text: d.content })),
      turns: userTurns.map((t, i) => ({
        id: `t${i + 1}`,
        kind: 'question',
        text: t.text,
        audioPath: (prompts.length === userTurns.length ? prompts[i]?.path : undefined) ?? null,
        reference: i === userTurns.length - 1 ? reference : null,
        answerable: null,
      })),
      reference,
      info: { track: e.condition.track, expectedAnswer: reference },
    });
  }
  return {
    format: 'vera',
    name: batch.studyName,
    benchmark: 'vera',
    description: `VERA episodes from ${batch.source}`,
    source: abs,
    hash: contentHash(abs),
    synthesis: { engine: 'espeak-ng', voice: 'en-us', wordsPerMinute: 165 },
    items: [...items.values()],
    warnings: batch.warnings,
  };
}
