/** Label bundle files (earshot-labels-v1) written by a spec, to seed a database through `earshot labels import`. */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { LabelValue } from '../../shared/types/annotation';

/** The demo study every fresh database holds (resources/demo), which the seeded labels go into. */
export const DEMO_STUDY = { name: 'Demo study', benchmark: 'generic' } as const;

/** One final label of a bundle: the call's external id, the field and the value. */
export interface BundleLabel {
  episode: string;
  field: string;
  value: LabelValue;
}

/** The bundle of `annotator` with these final labels (and these committed calls) in the demo study. */
export function labelBundle(annotator: string, labels: readonly BundleLabel[], commits: readonly string[] = []) {
  const at = '2026-01-02T03:04:05.000Z';
  return {
    format: 'earshot-labels-v1',
    exportedAt: at,
    study: DEMO_STUDY,
    annotator: {
      name: annotator,
      initials: annotator
        .split(' ')
        .map((w) => w[0])
        .join(''),
    },
    labels: labels.map((l) => ({ ...l, phase: 'final', updatedAt: at })),
    commits: commits.map((episode) => ({ episode, committedAt: at })),
  };
}

/** Writes `labelBundle(...)` as `<dir>/<file>` and returns its path. */
export function writeLabelBundle(
  dir: string,
  file: string,
  annotator: string,
  labels: readonly BundleLabel[],
  commits: readonly string[] = [],
): string {
  const path = join(dir, file);
  writeFileSync(path, JSON.stringify(labelBundle(annotator, labels, commits)));
  return path;
}
