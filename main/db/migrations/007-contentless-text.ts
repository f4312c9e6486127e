/**
 * Migration 7: the full-text index keeps no copy of the text. The browser only asks it which episodes match, and every
 * turn's text is already in `turns`, so a contentless index (`content = ''`) holds the same answers in less space
 * (`contentless_delete = 1` keeps deleting rows by id, as the episode delete trigger does). Rebuilt from the turns.
 */
export const migration007 = `
DROP TABLE episode_text;
CREATE VIRTUAL TABLE episode_text USING fts5(text, content = '', contentless_delete = 1, tokenize = 'unicode61 remove_diacritics 2');
INSERT INTO episode_text (rowid, text)
  SELECT e.id, COALESCE((SELECT group_concat(t.text, ' ' ORDER BY t.idx) FROM turns t WHERE t.episode_id = e.id AND t.text != ''), '') FROM episodes e;
`;
