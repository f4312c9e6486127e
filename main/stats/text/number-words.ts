/** Numbers written in digits spelled out as English words, for comparing transcripts (docs/runner.md, "Word error rate"). */

const ONES = [
  'zero',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
];
const TEENS = ['thirteen', 'fourteen', 'fifteen', 'sixteen', 'seventeen', 'eighteen', 'nineteen'];
const TENS = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];
const SCALES = ['', 'thousand', 'million', 'billion', 'trillion'];

function underHundred(n: number): string[] {
  if (n <= 12) return [ONES[n]];
  if (n < 20) return [TEENS[n - 13]];
  const tens = TENS[Math.floor(n / 10)];
  return n % 10 ? [tens, ONES[n % 10]] : [tens];
}

function underThousand(n: number): string[] {
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  const head = hundreds ? [ONES[hundreds], 'hundred'] : [];
  return rest || !hundreds ? [...head, ...underHundred(rest)] : head;
}

/** A whole number of up to 15 digits as words ("1205" → "one thousand two hundred five"); longer ones digit by digit. */
export function integerWords(digits: string): string[] {
  const trimmed = digits.replace(/^0+(?=\d)/, '');
  if (trimmed.length > 15) return [...trimmed].map((d) => ONES[Number(d)]);
  let n = Number(trimmed);
  if (n === 0) return ['zero'];
  const groups: string[][] = [];
  for (let scale = 0; n > 0; scale++, n = Math.floor(n / 1000)) {
    const group = n % 1000;
    if (group) groups.unshift([...underThousand(group), ...(SCALES[scale] ? [SCALES[scale]] : [])]);
  }
  return groups.flat();
}

/** A number as it may be written in a transcript ("1,200", "3.75", "007") spelled out; decimals read digit by digit. */
export function numberWords(written: string): string[] {
  const [whole, fraction] = written.replace(/,/g, '').split('.');
  const head = integerWords(whole === '' ? '0' : whole);
  return fraction ? [...head, 'point', ...[...fraction].map((d) => ONES[Number(d)])] : head;
}
