/** The price table of resources/prices/openai.json (dated, with its sources), validated when read. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { appRoot } from '../services/paths';

const perMTok = z.number().min(0);
const source = z.url();

/** One model's list prices: per 1M tokens (text, audio), per minute of audio, or per 1M characters. */
export const modelPrice = z.discriminatedUnion('kind', [
  z
    .object({
      kind: z.literal('realtime'),
      textIn: perMTok,
      textOut: perMTok,
      audioIn: perMTok,
      audioOut: perMTok,
      source,
    })
    .strict(),
  z.object({ kind: z.literal('chat'), textIn: perMTok, textOut: perMTok, source }).strict(),
  z.object({ kind: z.literal('transcription'), perMinute: z.number().min(0), source }).strict(),
  z
    .object({
      kind: z.literal('speech'),
      perMillionChars: z.number().min(0).optional(),
      perMinute: z.number().min(0).optional(),
      source,
    })
    .strict()
    .refine((p) => (p.perMillionChars === undefined) !== (p.perMinute === undefined), {
      message: 'give perMillionChars or perMinute',
    }),
]);

/** The whole table. */
export const priceTable = z
  .object({
    schema: z.literal('earshot-prices-v1'),
    vendor: z.string().min(1),
    currency: z.string().length(3),
    date: z.iso.date(),
    note: z.string(),
    sources: z.array(source).min(1),
    /** Realtime audio tokens per minute of user and of assistant audio. */
    audioTokensPerMinute: z.object({ user: z.number().positive(), assistant: z.number().positive() }).strict(),
    models: z.record(z.string(), modelPrice),
  })
  .strict();

/** A parsed price table. */
export type PriceTable = z.output<typeof priceTable>;
/** A parsed model price. */
export type ModelPrice = z.output<typeof modelPrice>;

/** The price file shipped with Earshot. */
export const PRICE_FILE = join(appRoot, 'resources', 'prices', 'openai.json');

/** Reads and validates a price table; a bad file is named with its first faulty field. */
export function loadPrices(file = PRICE_FILE): PriceTable {
  const res = priceTable.safeParse(JSON.parse(readFileSync(file, 'utf8')));
  if (res.success) return res.data;
  const issue = res.error.issues[0];
  throw new Error(`${file}: ${issue.path.join('.') || '(file)'}: ${issue.message}`);
}
