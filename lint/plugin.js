/** The project's own lint rules: layer boundaries and where SQL may be written. */
import { layerImports } from './rules/layer-imports.js';
import { noSqlWritesInTests } from './rules/no-sql-writes-in-tests.js';
import { sqlOnlyInDb } from './rules/sql-only-in-db.js';

/** The `earshot` ESLint plugin. */
export default {
  meta: { name: 'earshot' },
  rules: {
    'layer-imports': layerImports,
    'sql-only-in-db': sqlOnlyInDb,
    'no-sql-writes-in-tests': noSqlWritesInTests,
  },
};
