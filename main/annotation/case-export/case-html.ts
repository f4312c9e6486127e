/**
 * An exported case as one HTML page. Every imported or typed text (turns, notes, rationales, names) goes through
 * escapeXml, so it is shown as data and never read as markup; a Content-Security-Policy that allows no script backs
 * that up. The audio, the SVG and the PNG come as sources: file names in a case folder, data: URIs in a single file.
 */
import type { CaseMaterial, CaseTurn } from './case-material';
import { escapeXml as esc } from './figure-svg';
import { clockLabel } from './timeline-figure';

/** Where the page finds its clip and figures, and the figure's SVG markup to inline. */
export interface CaseSources {
  audio: string | null;
  svgHref: string;
  pngHref: string;
  svgMarkup: string;
}

const CSP = "default-src 'none'; img-src data: file: 'self'; media-src data: file: 'self'; style-src 'unsafe-inline'";

const STYLE = `body{font:14px/1.45 Helvetica,Arial,sans-serif;color:#1e293b;max-width:1000px;margin:24px auto;padding:0 16px}
h1{font-size:20px;margin:0 0 4px}h2{font-size:15px;margin:22px 0 6px;border-bottom:1px solid #e2e8f0}
.facts{color:#475569;margin:0}.note{white-space:pre-wrap;background:#f8fafc;border-left:3px solid #7c3aed;padding:6px 10px}
table{border-collapse:collapse;width:100%}td,th{text-align:left;vertical-align:top;padding:3px 8px;
border-bottom:1px solid #f1f5f9}td.t{font-variant-numeric:tabular-nums;white-space:nowrap;color:#475569}
.pre{white-space:pre-wrap}figure{margin:0}figure svg{max-width:100%;height:auto}audio{width:100%}.muted{color:#64748b}`;

const ms = (v: number | null) => (v === null ? '–' : clockLabel(v));
const precise = (v: number) => `${(v / 1000).toFixed(1)} s`;

function where(m: CaseMaterial): string {
  const c = m.case;
  if (c.startMs === null) return 'the whole call';
  if (c.endMs === null) return `the moment ${precise(c.startMs)}`;
  return `the region ${precise(c.startMs)}–${precise(c.endMs)}`;
}

function turnRow(t: CaseTurn): string {
  const text = t.tool ? `[tool] ${t.tool}` : t.text;
  return (
    `<tr><td class="t">${ms(t.startMs)}–${ms(t.endMs)}</td><td>${esc(t.speaker)}</td>` +
    `<td class="pre">${esc(text)}</td></tr>`
  );
}

function judgeSection(m: CaseMaterial): string {
  if (m.judgeHidden) return '<p class="muted">The study hides the judge from you on this call.</p>';
  if (!m.judge) return '<p class="muted">Not judged.</p>';
  const j = m.judge;
  const confidence = j.confidence === null ? '' : ` · confidence ${j.confidence}`;
  return (
    `<p><strong data-testid="case-verdict">${esc(j.label)}</strong> <span class="muted">(${esc(j.judgeId)}` +
    `${confidence})</span></p><p class="pre">${esc(j.rationale)}</p>`
  );
}

function annotatorsSection(m: CaseMaterial): string {
  const hidden = m.othersHidden
    ? '<p class="muted">The study is blind: other annotators’ labels are left out.</p>'
    : '';
  if (m.annotators.length === 0) return `${hidden}<p class="muted">No labels.</p>`;
  return (
    hidden +
    m.annotators
      .map((a) => {
        const rows = a.labels
          .map((l) => `<tr><th>${esc(l.label)}</th><td class="pre">${esc(l.value)}</td></tr>`)
          .join('');
        const notes = a.notes ? `<tr><th>Notes</th><td class="pre">${esc(a.notes)}</td></tr>` : '';
        return `<h3>${esc(a.name)}</h3><table data-testid="case-annotator">${rows}${notes}</table>`;
      })
      .join('')
  );
}

function adjudicationSection(m: CaseMaterial): string {
  if (m.othersHidden) return '<p class="muted">Left out while the study is blind.</p>';
  if (m.adjudications.length === 0) return '<p class="muted">Not adjudicated.</p>';
  const rows = m.adjudications.map(
    (d) =>
      `<tr><th>${esc(d.label)}</th><td>${esc(d.value ?? '(cleared)')}</td>` +
      `<td class="pre">${esc(d.rationale)}</td><td class="muted">${esc(d.adjudicator ?? '')}</td></tr>`,
  );
  return `<table>${rows.join('')}</table>`;
}

/** The case page. */
export function caseHtml(m: CaseMaterial, src: CaseSources): string {
  const e = m.episode;
  const c = m.case;
  const condition = Object.entries(e.condition)
    .map(([k, v]) => `${k} ${v}`)
    .join(', ');
  const facts = [e.system, e.task, condition, `outcome ${e.outcome ?? '–'}`, `reward ${e.reward ?? '–'}`]
    .filter(Boolean)
    .map(esc)
    .join(' · ');
  const audio =
    src.audio && m.clip
      ? `<audio controls preload="metadata" data-testid="case-audio" src="${esc(src.audio)}"></audio>` +
        `<p class="muted">The call from ${precise(m.clip.startMs)} to ${precise(m.clip.endMs)}.</p>`
      : '<p class="muted">No WAV audio for this call.</p>';
  const transcript = m.transcript.length ? `<table>${m.transcript.map(turnRow).join('')}</table>` : '<p>No turns.</p>';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${CSP}">
<title>${esc(`${c.category} — ${e.externalId}`)}</title><style>${STYLE}</style></head>
<body data-testid="case-page">
<h1>${esc(c.category)} — ${esc(e.externalId)}</h1>
<p class="facts">${esc(m.study.name)} · ${facts}</p>
<p>Case: ${esc(where(m))}, added by ${esc(c.addedBy.name)} on ${esc(c.addedAt.slice(0, 10))}.</p>
<div class="note" data-testid="case-note">${esc(c.note || '(no note)')}</div>
<h2>Audio</h2>${audio}
<h2>Speech activity</h2><figure data-testid="case-figure">${src.svgMarkup}</figure>
<p class="muted">Figure as <a href="${esc(src.svgHref)}" download="timeline.svg">SVG</a> ·
<a href="${esc(src.pngHref)}" download="timeline.png">PNG</a></p>
<h2>Transcript</h2>${transcript}
<h2>Judge</h2>${judgeSection(m)}
<h2>Annotators</h2>${annotatorsSection(m)}
<h2>Adjudication</h2>${adjudicationSection(m)}
<p class="muted">Exported from Earshot.</p>
</body></html>
`;
}
