/** The built-in taxonomies, and which one a study gets from its benchmark. */
import type { Benchmark } from '../domain';
import type { Taxonomy } from '../types/annotation';
import { tauVoiceTaxonomy } from './tau-voice';
import { tauElicitationTaxonomy } from './tau-elicitation';
import { veraTaxonomy } from './vera';
import { dsbDgTaxonomy } from './dsb-dg';
import { genericTaxonomy } from './generic';

/** Every built-in taxonomy by benchmark. */
export const BUILTIN_TAXONOMIES: Readonly<Record<Benchmark, Taxonomy>> = {
  'tau-voice': tauVoiceTaxonomy,
  'tau-elicitation': tauElicitationTaxonomy,
  vera: veraTaxonomy,
  'dsb-dg': dsbDgTaxonomy,
  generic: genericTaxonomy,
};

/** The taxonomy a study of `benchmark` gets unless it brings its own. */
export function builtinTaxonomy(benchmark: Benchmark): Taxonomy {
  return BUILTIN_TAXONOMIES[benchmark] ?? genericTaxonomy;
}
