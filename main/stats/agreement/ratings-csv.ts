/** Reads a ratings CSV (columns item,rater,label; an empty label is a missing rating) into a ratings table. */
import { InputFieldError, parseCsvWithLines } from './csv-lines';
import { ratingsFromRecords, type RatingRecord, type RatingsTable } from './ratings';

/** Parses and validates a ratings CSV; surrounding spaces are trimmed; errors name the file, line and field. */
export function parseRatingsCsv(text: string, fileName: string): RatingsTable {
  const rows = parseCsvWithLines(text, fileName, ['item', 'rater', 'label']);
  if (rows.length === 0) throw new InputFieldError(fileName, 1, null, 'no ratings after the header row');
  const firstLine = new Map<string, number>();
  const records: RatingRecord[] = rows.map(({ line, fields }) => {
    const item = fields.item.trim();
    const rater = fields.rater.trim();
    const label = fields.label.trim();
    if (item === '') throw new InputFieldError(fileName, line, 'item', 'is empty');
    if (rater === '') throw new InputFieldError(fileName, line, 'rater', 'is empty');
    const key = JSON.stringify([item, rater]);
    const earlier = firstLine.get(key);
    if (earlier !== undefined) {
      throw new InputFieldError(fileName, line, 'rater', `rater "${rater}" already labelled item "${item}" on line ${earlier}`);
    }
    firstLine.set(key, line);
    return { item, rater, label: label === '' ? null : label };
  });
  return ratingsFromRecords(records);
}
