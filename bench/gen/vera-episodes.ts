/**
 * A large VERA episodes file for the import memory bench: episodes of three tracks, each with a question and an
 * expected answer encrypted as VERA encrypts them (base64 of the text XOR-ed with the SHA-256 of the episode's canary,
 * repeated) and an 8 kB context document, written episode by episode.
 */
import { createWriteStream } from 'node:fs';
import { deriveKey } from '../../main/importers/vera/decrypt';

const TRACKS = ['factual_recall', 'mathematical_reasoning', 'long_context'] as const;

/** `text` encrypted with `canary` the way VERA's data files store it. */
function encrypt(text: string, canary: string): string {
  const plain = Buffer.from(text, 'utf8');
  const key = deriveKey(canary, plain.length);
  for (let i = 0; i < plain.length; i++) plain[i] ^= key[i];
  return plain.toString('base64');
}

/** One episode of the file: its question, answer and document differ by index. */
function episode(i: number): object {
  const canary = `BENCH CANARY ${i}`;
  const document = `Paragraph ${i}. ${'The committee met on the third day and recorded its findings. '.repeat(130)}`;
  return {
    id: `vera_bench_${i.toString(16).padStart(8, '0')}`,
    track: TRACKS[i % TRACKS.length],
    turns: [{ role: 'user', text_content: encrypt(`Question ${i}: on which day did the committee meet?`, canary) }],
    context_documents: [{ source: `doc-${i}.txt`, content: document }],
    metadata: { expected_answer: encrypt(`The third day (${i}).`, canary) },
    canary,
  };
}

/** Writes `count` episodes to `file` as one `{"episodes": [...]}` document. */
export async function writeVeraEpisodes(file: string, count: number): Promise<void> {
  const out = createWriteStream(file);
  out.write('{"episodes": [\n');
  for (let i = 0; i < count; i++) {
    const more = out.write(`${i ? ',\n' : ''}${JSON.stringify(episode(i))}`);
    if (!more) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
  }
  out.write('\n]}\n');
  await new Promise<void>((resolve, reject) => out.end((err?: Error | null) => (err ? reject(err) : resolve())));
}
