#!/usr/bin/env node
/**
 * Recounts, from the raw VERA sample (fixtures/vera/test_voice_episodes), the episode, track, answer and audio facts
 * the unit tests expect. Plain Node, no dependencies, nothing from the product. Prints one JSON object (the shape of
 * VERA in test-support/fixture-counts.ts).
 *
 * Usage: node scripts/recount/vera.mjs [FIXTURES_DIR]   (default $EARSHOT_FIXTURES or ../shared/fixtures)
 *
 * Definitions (fixtures README §3; linyueqian/VERA data/README.md "Encryption" at 2c289b0f):
 * - test.json is `{"episodes": [...]}`, each with `id`, `track`, `turns[]`, `context_documents[] {content, source}`,
 *   `metadata.expected_answer` and `canary`.
 * - "questions (text_content) and answers (expected_answer) are encrypted using XOR cipher with SHA256-derived keys":
 *   the key is the SHA-256 digest of the canary (UTF-8), repeated to the length of the base64-decoded ciphertext;
 *   the plain text is ciphertext XOR key, read as UTF-8.
 * - audio is `audio/<episode id>.wav` (README: "resolve audio by basename under audio/"); sample rate, channels and
 *   bits come from the WAV `fmt ` chunk.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { fixturesDir, readWav } from './read-files.mjs';

const root = `${fixturesDir()}/vera/test_voice_episodes`;
const { episodes } = JSON.parse(readFileSync(`${root}/test.json`, 'utf8'));

/** The plain text of a base64 ciphertext under the episode's canary. */
function decrypt(ciphertext, canary) {
  const bytes = Buffer.from(ciphertext, 'base64');
  const digest = createHash('sha256').update(canary, 'utf8').digest();
  return Buffer.from(bytes.map((b, i) => b ^ digest[i % digest.length])).toString('utf8');
}

const headers = readdirSync(`${root}/audio`).map((file) => readWav(`${root}/audio/${file}`));
const distinct = (key) => [...new Set(headers.map((h) => h[key]))];
const documents = episodes.flatMap((e) => e.context_documents.map((d) => ({ track: e.track, ...d })));

const out = {
  tracks: Object.fromEntries(episodes.map((e) => [e.id, e.track])),
  answers: Object.fromEntries(
    episodes
      .filter((e) => ['mathematical_reasoning', 'web', 'factual_recall'].includes(e.track))
      .map((e) => [e.track, decrypt(e.metadata.expected_answer, e.canary)]),
  ),
  audio: {
    files: headers.length,
    withEpisode: episodes.filter((e) => readdirSync(`${root}/audio`).includes(`${e.id}.wav`)).length,
    sampleRates: distinct('sampleRate'),
    channels: distinct('channels'),
    bitsPerSample: distinct('bitsPerSample'),
  },
  contextDocuments: documents.map((d) => ({ track: d.track, source: d.source, chars: d.content.length })),
};

process.stdout.write(`${JSON.stringify(out, null, 2)}\n`);
