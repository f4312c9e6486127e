/** Reading SQL out of the first argument of a `.prepare(...)` or `.exec(...)` call. */

/** A statement's first keyword, as SQL text starts: used to tell `db.exec('SELECT 1')` from `regex.exec(text)`. */
const SQL_KEYWORDS = [
  'SELECT|INSERT|UPDATE|DELETE|REPLACE|WITH',
  'CREATE|DROP|ALTER|PRAGMA|ANALYZE|VACUUM|REINDEX|ATTACH|DETACH',
  'BEGIN|COMMIT|ROLLBACK|SAVEPOINT|RELEASE',
].join('|');
const SQL_START = new RegExp(`^\\s*(${SQL_KEYWORDS})\\b`, 'i');

/** A statement that writes rows, at the start of the text or after a `;` (multi-statement `exec`). */
const SQL_WRITE = /(^|;)\s*(INSERT|UPDATE|DELETE|REPLACE)\b/i;

/** The literal text of a string or template literal (template expressions read as `?`), or null for anything else. */
export function literalText(node) {
  if (!node) return null;
  if (node.type === 'Literal' && typeof node.value === 'string') return node.value;
  if (node.type === 'TemplateLiteral') return node.quasis.map((q) => q.value.cooked ?? q.value.raw).join('?');
  return null;
}

/** Whether a literal's text reads as SQL. */
export function looksLikeSql(text) {
  return text !== null && SQL_START.test(text);
}

/** Whether a literal's text writes rows (INSERT, UPDATE, DELETE, REPLACE). */
export function writesRows(text) {
  return text !== null && SQL_WRITE.test(text);
}

/** The name of the method a call expression calls (`x.prepare(...)` → `prepare`), or null. */
export function calledMethod(call) {
  const callee = call.callee.type === 'ChainExpression' ? call.callee.expression : call.callee;
  if (callee.type !== 'MemberExpression') return null;
  if (!callee.computed && callee.property.type === 'Identifier') return callee.property.name;
  return literalText(callee.property);
}

/** The name of the object a method is called on (`db` in `db.exec()`, `db` in `services.db.exec()`), or null. */
export function receiverName(call) {
  const callee = call.callee.type === 'ChainExpression' ? call.callee.expression : call.callee;
  if (callee.type !== 'MemberExpression') return null;
  const object = callee.object;
  if (object.type === 'Identifier') return object.name;
  if (object.type === 'MemberExpression' && !object.computed && object.property.type === 'Identifier') {
    return object.property.name;
  }
  return null;
}
