/** Reads a JSONL episode set: DSB-DG scripts (`dsbdg-script-v1`) or generic items (`earshot-set-item-v1`), after an optional header. */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { basename, dirname, resolve } from 'node:path';
import type { z } from 'zod';
import { ImportError } from '../../importers/batch';
import { findInsideRoot, quote } from '../../importers/safe-path';
import { checkFileSize } from '../../importers/file-size';
import { jsonFieldAt } from '../../importers/json-guard';
import { JSON_FILE, JSONL_FILE } from '../../importers/limits';
import { readTextFile } from '../../importers/read-json';
import { decodeUtf8, lineOf, type TextSite } from '../../importers/utf8';
import { dsbdgItem, genericItem, setHeader, TIERS, type DsbdgItem, type GenericItem, type SetHeader } from './schema';
import type { EpisodeSet, SetDocument, SetItem, SetTurn } from './types';

/** The site of bytes that are not UTF-8 in a JSONL file's text: the line, and the JSON field its text stops in. */
const jsonlSite: TextSite = (before) => ({
  record: `line ${lineOf(before)}`,
  field: jsonFieldAt(before.slice(before.lastIndexOf('\n') + 1)),
});

/** Approximate upper bound of each tier, in tokens (≈ 4 characters per token). */
const TIER_TOKENS: Record<string, number> = { T1: 750, T2: 1500, T3: 3000, T4: 6000, T5: 12000 };

interface Site {
  root: string;
  file: string;
  record: string;
  header: SetHeader | null;
  warnings: string[];
}

function parse<S extends z.ZodType>(schema: S, raw: unknown, site: Site): z.output<S> {
  const res = schema.safeParse(raw);
  if (res.success) return res.data;
  const issue = res.error.issues[0];
  throw new ImportError(site.file, site.record, issue.path.length ? issue.path.join('.') : '(record)', issue.message);
}

function filePath(ref: string, site: Site, field: string): string {
  const path = findInsideRoot(site.root, ref, { file: site.file, record: site.record, field });
  if (!path) throw new ImportError(site.file, site.record, field, `file ${quote(ref)} does not exist`);
  return path;
}

type DocRef = string | { id?: string; title?: string; text: string } | { id?: string; title?: string; file: string };

function resolveDocument(ref: DocRef, site: Site, field: string, itemId: string, idRef: boolean): SetDocument {
  if (typeof ref === 'string') {
    const found = site.header?.documents.find((d) => d.id === ref);
    if (!found) {
      if (idRef) throw new ImportError(site.file, site.record, field, `no document with id ${quote(ref)} in the header`);
      return { id: `${itemId}-doc`, title: null, text: ref };
    }
    return resolveDocument(found, site, field, itemId, idRef);
  }
  const text = 'text' in ref ? ref.text : readTextFile(filePath(ref.file, site, `${field}.file`), ref.file, JSON_FILE);
  return { id: ref.id ?? `${itemId}-doc`, title: ref.title ?? null, text };
}

function audio(ref: string | undefined, site: Site, field: string): string | null {
  return ref ? filePath(ref, site, field) : null;
}

function dsbdg(x: DsbdgItem, site: Site): SetItem {
  const doc = resolveDocument(x.document, site, 'document', x.id, true);
  const tokens = Math.round(doc.text.length / 4);
  if (tokens > TIER_TOKENS[x.tier]) site.warnings.push(`${x.id}: document is about ${tokens} tokens, long for tier ${x.tier}`);
  const script = x.turns ?? [{ kind: 'probe' as const, text: x.question!, answer: x.answer, answerable: x.answerable, audio: x.audio, id: undefined }];
  const after = new Set(x.reinjection?.after_turns ?? []);
  const firstReinjection = x.reinjection ? Math.min(...x.reinjection.after_turns) : null;
  const turns: SetTurn[] = [];
  const probes: Record<string, unknown>[] = [];
  let refreshes = 0;
  script.forEach((t, i) => {
    const n = i + 1;
    const field = x.turns ? `turns.${i}` : 'question';
    const id = t.id ?? `t${n}`;
    const judged = t.kind !== 'distractor';
    const answerable = judged ? (t.answerable ?? (t.answer !== undefined && t.answer !== null)) : null;
    if (judged && answerable && !t.answer) throw new ImportError(site.file, site.record, `${field}.answer`, 'an answerable probe needs its reference answer');
    turns.push({ id, kind: t.kind, text: t.text, audioPath: audio(t.audio, site, `${field}.audio`), reference: judged ? (t.answer ?? null) : null, answerable });
    if ('interruptAtMs' in t && t.interruptAtMs !== undefined) {
      if (i === 0) throw new ImportError(site.file, site.record, `${field}.interruptAtMs`, 'the first turn has no reply to interrupt');
      turns[turns.length - 1].interruptAtMs = t.interruptAtMs;
    }
    if (judged) {
      const repeats = 'repeats' in t ? (t.repeats ?? null) : null;
      const twin = repeats === null ? null : probes.find((p) => p.id === repeats && p.repeats === null);
      if (repeats !== null && !twin) {
        const why = `no earlier probe ${quote(repeats)} (not itself a repeat)`;
        throw new ImportError(site.file, site.record, `${field}.repeats`, why);
      }
      const ownQuestion = 'question_id' in t ? t.question_id : undefined;
      probes.push({
        id, turn: n, answerable, reference: t.answer ?? null,
        reinjection: firstReinjection === null ? null : n > firstReinjection ? 'after' : 'before',
        question: ownQuestion ?? (twin ? twin.question : `${doc.id}/${id}`),
        repeats,
      });
    }
    if (after.has(n) && n < script.length) {
      refreshes += 1;
      const text = x.reinjection!.mode === 'text' ? x.reinjection!.text! : `Here is the document again.\n\n${doc.text}`;
      turns.push({ id: `reinject-${n}`, kind: 'reinjection', text, audioPath: null, reference: null, answerable: null });
    }
  });
  const judgedTurns = turns.filter((t) => t.kind === 'probe' || t.kind === 'question');
  return {
    id: x.id,
    task: x.id,
    condition: { tier: x.tier, ...(x.domain ? { domain: x.domain } : {}), ...(x.protocol ? { protocol: x.protocol } : {}), ...x.condition },
    instructions: x.instructions ?? null,
    documents: [doc],
    turns,
    reference: judgedTurns[judgedTurns.length - 1]?.reference ?? null,
    info: {
      tier: x.tier,
      domain: x.domain,
      protocol: x.protocol,
      probes,
      reinjectAfter: x.reinjection?.after_turns ?? [],
      // The refresh schedule of DSB-DG's proactive-grounding comparison: how often the document is given again.
      refresh: refreshes === 0 ? 'none' : refreshes === 1 ? 'single' : 'multiple',
      documentTokens: tokens,
      // A one-probe item is one DSB-DG probe: the fields the DSB-DG metrics read per episode.
      ...(probes.length === 1 ? { answerable: probes[0].answerable, probe_turn: probes[0].turn, reinjection: probes[0].reinjection } : {}),
    },
  };
}

function generic(x: GenericItem, site: Site): SetItem {
  const script = x.turns ?? [{ text: x.question!, audio: x.audio, reference: x.reference }];
  if (x.turns?.[0].interruptAtMs !== undefined) {
    throw new ImportError(site.file, site.record, 'turns.0.interruptAtMs', 'the first turn has no reply to interrupt');
  }
  const turns: SetTurn[] = script.map((t, i) => ({
    id: `t${i + 1}`,
    kind: 'question',
    text: t.text,
    audioPath: audio(t.audio, site, x.turns ? `turns.${i}.audio` : 'audio'),
    reference: t.reference ?? null,
    answerable: null,
    ...('interruptAtMs' in t && t.interruptAtMs !== undefined ? { interruptAtMs: t.interruptAtMs } : {}),
  }));
  return {
    id: x.id,
    task: x.task ?? x.id,
    condition: x.condition,
    instructions: x.instructions ?? null,
    documents: x.document ? [resolveDocument(x.document, site, 'document', x.id, false)] : [],
    turns,
    reference: turns[turns.length - 1].reference,
    info: x.info,
  };
}

/** Reads the JSONL set at `file`; every fault names the file, the line and the field. */
export function readJsonlSet(file: string): EpisodeSet {
  const abs = resolve(file);
  const site: Site = { root: dirname(abs), file: basename(abs), record: 'file', header: null, warnings: [] };
  checkFileSize(abs, site.file, JSONL_FILE);
  const bytes = readFileSync(abs);
  const items: SetItem[] = [];
  let kind: 'dsb-dg' | 'generic' | null = null;
  decodeUtf8(bytes, site.file, jsonlSite).split(/\r?\n/).forEach((line, i) => {
    if (!line.trim()) return;
    site.record = `line ${i + 1}`;
    let raw: unknown;
    try {
      raw = JSON.parse(line);
    } catch (err) {
      throw new ImportError(site.file, site.record, '(json)', `not valid JSON (${(err as Error).message})`);
    }
    const schema = (raw as { schema?: unknown } | null)?.schema;
    if (schema === 'earshot-set-v1') {
      if (site.header || items.length) throw new ImportError(site.file, site.record, 'schema', 'the set header must be the first line');
      site.header = parse(setHeader, raw, site);
      kind = site.header.kind;
      return;
    }
    const lineKind = schema === 'dsbdg-script-v1' ? 'dsb-dg' : schema === 'earshot-set-item-v1' ? 'generic' : null;
    if (!lineKind) throw new ImportError(site.file, site.record, 'schema', 'expected "dsbdg-script-v1" or "earshot-set-item-v1" (or the "earshot-set-v1" header first)');
    if (kind && kind !== lineKind) throw new ImportError(site.file, site.record, 'schema', `a ${kind} set cannot hold ${lineKind} items`);
    kind = lineKind;
    const item = lineKind === 'dsb-dg' ? dsbdg(parse(dsbdgItem, raw, site), site) : generic(parse(genericItem, raw, site), site);
    if (items.some((x) => x.id === item.id)) throw new ImportError(site.file, site.record, 'id', `duplicate item id ${quote(item.id)}`);
    items.push(item);
  });
  if (!items.length || !kind) throw new ImportError(site.file, 'file', '(items)', 'no items in the set');
  const h = site.header as SetHeader | null;
  const format: 'dsb-dg' | 'generic' = kind;
  if (h?.instructions) for (const item of items) item.instructions = [h.instructions, item.instructions].filter(Boolean).join('\n\n');
  return {
    format,
    name: h?.name ?? site.file.replace(/\.jsonl$/i, ''),
    benchmark: h?.benchmark ?? (format === 'dsb-dg' ? 'dsb-dg' : 'generic'),
    description: h?.description ?? '',
    source: abs,
    hash: createHash('sha256').update(bytes).digest('hex'),
    synthesis: h?.synthesis ?? { engine: 'espeak-ng', voice: 'en-us', wordsPerMinute: 165 },
    ...(h?.repeats ? { repeats: h.repeats } : {}),
    items,
    warnings: site.warnings,
  };
}

/** The tiers a DSB-DG set may use. */
export const CONTEXT_TIERS = TIERS;
