/**
 * SQL runs only in main/db: outside it, product code may not call a database's `prepare`, `transaction`,
 * `pragma` or `exec`. `prepare`, `transaction` and `pragma` are flagged on any object (no other object in the
 * project has them). `exec` is also RegExp's, so it is flagged only when its first argument is a string or
 * template literal that starts like SQL, or when it is called on something named db, database, conn,
 * connection or sqlite (`db.exec(sql)`, `services.db.exec(sql)`): `/re/.exec(text)` is never flagged.
 */
import { calledMethod, literalText, looksLikeSql, receiverName } from './sql-text.js';

const DATABASE_METHODS = new Set(['prepare', 'transaction', 'pragma']);
const DATABASE_NAMES = /^(db|database|conn|connection|sqlite)$/i;

/** The rule: report database calls in the files it is turned on for (the config leaves out main/db and tests). */
export const sqlOnlyInDb = {
  meta: {
    type: 'problem',
    docs: { description: 'SQL is written only in main/db owner modules' },
    schema: [],
    messages: {
      sql: 'SQL belongs in a main/db owner module: call its exported function instead of `.{{method}}(...)` here.',
    },
  },
  create(context) {
    return {
      CallExpression(node) {
        const method = calledMethod(node);
        if (!method) return;
        const isDatabaseCall =
          DATABASE_METHODS.has(method) ||
          (method === 'exec' &&
            (looksLikeSql(literalText(node.arguments[0])) || DATABASE_NAMES.test(receiverName(node) ?? '')));
        if (isDatabaseCall) context.report({ node: node.callee, messageId: 'sql', data: { method } });
      },
    };
  },
};
