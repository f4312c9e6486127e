/**
 * Tests write product data through product functions, not raw SQL: a string or template literal that
 * INSERTs, UPDATEs, DELETEs or REPLACEs rows (at its start, or after a `;` in a multi-statement `exec`)
 * passed to `.prepare(...)` or `.exec(...)` is reported. Reading with raw SQL in a test stays allowed.
 */
import { calledMethod, literalText, writesRows } from './sql-text.js';

/** The rule: report raw SQL writes in the files it is turned on for (the config picks tests outside main/db). */
export const noSqlWritesInTests = {
  meta: {
    type: 'problem',
    docs: { description: 'tests write product tables through product functions, not raw SQL' },
    schema: [],
    messages: {
      write: 'A test writes product rows with raw SQL: use the main/db owner function (or a product function).',
    },
  },
  create(context) {
    return {
      CallExpression(node) {
        const method = calledMethod(node);
        if (method !== 'prepare' && method !== 'exec') return;
        if (writesRows(literalText(node.arguments[0]))) context.report({ node: node.arguments[0], messageId: 'write' });
      },
    };
  },
};
