/**
 * Layer boundaries by folder. Each zone names the files it covers (`from`, less `except`), and what they may not
 * import: project folders (`forbid`, checked on the import resolved against the importing file, so `../api/x.js`
 * from main/annotation is main/api), packages (`forbidPackages`, a name or its subpaths) and Node's built-ins
 * (`forbidBuiltins`: `node:*`, `fs`, `path`, ...). Static imports, `export ... from`, `import()`, `import('...')`
 * types and `require()` are all checked, type-only imports included.
 */
import { isBuiltin } from 'node:module';
import path from 'node:path';
import { inFolder, isTestFile, projectPath } from './project-path.js';

const folderList = { type: 'array', items: { type: 'string' } };
const zoneSchema = {
  type: 'object',
  properties: {
    name: { type: 'string' },
    from: folderList,
    except: folderList,
    skipTests: { type: 'boolean' },
    forbid: folderList,
    forbidPackages: folderList,
    forbidBuiltins: { type: 'boolean' },
  },
  required: ['name'],
  additionalProperties: false,
};

/** What an import specifier reaches: a project path for a relative one, else the bare specifier. */
function target(file, specifier) {
  if (!specifier.startsWith('.')) return { bare: specifier };
  return { projectPath: path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier)) };
}

/** Why a zone refuses an import, or null when it allows it. */
function refusal(zone, reached) {
  if (reached.projectPath !== undefined) {
    const folder = (zone.forbid ?? []).find((f) => inFolder(reached.projectPath, [f]));
    return folder ? `${folder}/` : null;
  }
  const spec = reached.bare;
  if (zone.forbidBuiltins && isBuiltin(spec)) return 'Node built-ins';
  const pkg = (zone.forbidPackages ?? []).find((name) => spec === name || spec.startsWith(`${name}/`));
  return pkg ? `'${pkg}'` : null;
}

/** Whether a zone covers a file. */
function covers(zone, file) {
  if (zone.skipTests && isTestFile(file)) return false;
  if (zone.from && !inFolder(file, zone.from)) return false;
  return !(zone.except && inFolder(file, zone.except));
}

/** The string a module-reference node names, or null when it is computed. */
function specifierOf(node) {
  if (!node) return null;
  if (node.type === 'Literal' && typeof node.value === 'string') return node.value;
  if (node.type === 'TemplateLiteral' && node.expressions.length === 0) return node.quasis[0].value.cooked;
  if (node.type === 'TSLiteralType') return specifierOf(node.literal);
  return null;
}

/** The rule: report every import that a zone covering the file forbids. */
export const layerImports = {
  meta: {
    type: 'problem',
    docs: { description: 'folders import only the layers they may depend on' },
    schema: [
      { type: 'object', properties: { zones: { type: 'array', items: zoneSchema } }, additionalProperties: false },
    ],
    messages: { layer: "[{{zone}}] {{file}} may not import {{what}} ('{{specifier}}')." },
  },
  create(context) {
    const file = projectPath(context);
    const zones = (context.options[0]?.zones ?? []).filter((zone) => covers(zone, file));
    if (zones.length === 0) return {};
    const check = (sourceNode) => {
      const specifier = specifierOf(sourceNode);
      if (specifier === null) return;
      const reached = target(file, specifier);
      for (const zone of zones) {
        const what = refusal(zone, reached);
        if (what)
          context.report({ node: sourceNode, messageId: 'layer', data: { zone: zone.name, file, what, specifier } });
      }
    };
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
      TSImportType: (node) => check(node.source ?? node.argument),
      TSExternalModuleReference: (node) => check(node.expression),
      CallExpression: (node) => {
        if (node.callee.type === 'Identifier' && node.callee.name === 'require') check(node.arguments[0]);
      },
    };
  },
};
