/**
 * A label-saving studio for the reliability tests, run as its own process: saves `first_error_ms` labels through the
 * product's setLabel on its own connection, one after another with short random pauses, and prints a line per save
 * (`try SEQ EPISODE` before, `ack SEQ EPISODE MS` once it returned, `refused SEQ MESSAGE` if it threw), until its
 * stdin says `stop` (or it is killed). Arguments: database file, annotator id, episode ids (comma-separated), first seq.
 */
import { openDatabase } from '../../main/db/open';
import { setLabel } from '../../main/annotation/labels';

const [file, annotator, episodes, first] = process.argv.slice(3);
const annotatorId = Number(annotator);
const episodeIds = episodes.split(',').map(Number);
const db = openDatabase(file);
let stop = false;
process.stdin.on('data', (d: Buffer) => {
  if (d.toString().includes('stop')) stop = true;
});
const say = (line: string) => process.stdout.write(`${line}\n`);
say('ready');
for (let seq = Number(first); !stop; seq++) {
  const episodeId = episodeIds[seq % episodeIds.length];
  say(`try ${seq} ${episodeId}`);
  const started = performance.now();
  try {
    setLabel(db, { episodeId, annotatorId, field: 'first_error_ms', value: seq }, new Date());
    say(`ack ${seq} ${episodeId} ${(performance.now() - started).toFixed(1)}`);
  } catch (err) {
    say(`refused ${seq} ${(err as Error).message}`);
  }
  await new Promise((resolve) => setTimeout(resolve, 2 + Math.random() * 18));
}
db.close();
say('end');
process.stdin.destroy();
