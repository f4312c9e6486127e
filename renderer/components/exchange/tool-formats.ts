/** The annotation tools' file formats as the episode header's Export and Import menus name them. */
import type { AnnotationFormat } from '../../../shared/types/annotation-files';

/** Each format with its tool and file extension, in menu order. */
export const TOOL_FORMATS: { format: AnnotationFormat; label: string }[] = [
  { format: 'eaf', label: 'ELAN (.eaf)' },
  { format: 'textgrid', label: 'Praat (.TextGrid)' },
  { format: 'audacity', label: 'Audacity labels (.txt)' },
];

/** The label of `format`. */
export function toolFormatLabel(format: AnnotationFormat): string {
  return TOOL_FORMATS.find((f) => f.format === format)?.label ?? format;
}
