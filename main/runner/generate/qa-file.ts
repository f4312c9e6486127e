/** The inputs of DSB-DG generation: a document (plain text) and its QA set (JSONL or a JSON array), checked here. */
import { JSON_FILE } from '../../importers/limits';
import { readTextFile } from '../../importers/read-json';
import { basename } from 'node:path';
import { z } from 'zod';
import { DomainError } from '../../domain/errors';

/** One question about the document, or one distractor line (small talk the agent hears but is never judged on). */
export const qaLine = z.union([
  z
    .object({
      id: z.string().regex(/^[A-Za-z0-9._-]{1,60}$/, 'letters, digits, . _ - only (it is part of item ids)'),
      question: z.string().min(1),
      /** The reference answer; null or missing for a question the document does not answer. */
      answer: z.string().min(1).nullable().optional(),
      answerable: z.boolean().optional(),
      /** A sentence of the document that answers it: every tier's excerpt keeps it. */
      evidence: z.string().min(1).optional(),
      /** How the late repeat of a decay script asks it again (default: the question itself). */
      repeat: z.string().min(1).optional(),
    })
    .strict()
    .refine((q) => q.answerable !== true || !!q.answer, {
      message: 'an answerable question needs an answer',
      path: ['answer'],
    }),
  z.object({ distractor: z.string().min(1) }).strict(),
]);

/** A question of the QA set, with `answerable` settled. */
export interface QaItem {
  id: string;
  question: string;
  answer: string | null;
  answerable: boolean;
  evidence: string | null;
  repeat: string | null;
}

/** The QA set as read: its questions and its own distractor lines. */
export interface QaSet {
  questions: QaItem[];
  distractors: string[];
}

const fault = (message: string) => new DomainError('invalid_input', message);

/** Reads the document; refuses an empty or binary file, and one that is not UTF-8 (naming its line). */
export function readDocument(path: string): string {
  const text = readTextFile(path, basename(path), JSON_FILE).replace(/\r\n?/g, '\n').trim();
  if (!text) throw fault(`${basename(path)}: the document is empty`);
  if (text.includes('\u0000')) throw fault(`${basename(path)}: the document is not text`);
  return text;
}

/** Reads the QA set: JSONL (one object a line) or a JSON array; every fault names the file, the record and the field. */
export function readQaSet(path: string): QaSet {
  const name = basename(path);
  const raw = readTextFile(path, name, JSON_FILE).trim();
  let records: { where: string; value: unknown }[];
  if (raw.startsWith('[')) {
    let list: unknown;
    try {
      list = JSON.parse(raw);
    } catch (err) {
      throw fault(`${name}: not valid JSON (${(err as Error).message})`);
    }
    records = (list as unknown[]).map((value, i) => ({ where: `record ${i + 1}`, value }));
  } else {
    records = raw.split('\n').flatMap((line, i) => {
      if (!line.trim()) return [];
      try {
        return [{ where: `line ${i + 1}`, value: JSON.parse(line) as unknown }];
      } catch {
        throw fault(`${name}: line ${i + 1}: not valid JSON`);
      }
    });
  }
  const set: QaSet = { questions: [], distractors: [] };
  const seen = new Set<string>();
  for (const { where, value } of records) {
    const parsed = qaLine.safeParse(value);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw fault(`${name}: ${where}: ${issue.path.join('.') || 'record'}: ${issue.message}`);
    }
    const q = parsed.data;
    if ('distractor' in q) {
      set.distractors.push(q.distractor);
      continue;
    }
    if (seen.has(q.id)) throw fault(`${name}: ${where}: id: "${q.id}" is used twice`);
    seen.add(q.id);
    const answer = q.answer ?? null;
    const answerable = q.answerable ?? answer !== null;
    set.questions.push({
      id: q.id,
      question: q.question,
      answer,
      answerable,
      evidence: q.evidence ?? null,
      repeat: q.repeat ?? null,
    });
  }
  if (!set.questions.length) throw fault(`${name}: no questions`);
  return set;
}
