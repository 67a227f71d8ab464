// What scripts/check-size.mjs measures: the lines of a file and the lines each function's body spans,
// read with the TypeScript compiler's parser (no type checking, so it is quick).
import ts from 'typescript';

/** The most lines a source file may have (docs/architecture.md, "Short files, short functions"). */
export const MAX_FILE_LINES = 300;
/** The most lines a function's body may span, from its opening brace to its closing one. */
export const MAX_FUNCTION_LINES = 60;

/** Lines of a text, the last one counted even without a final line break. */
export function lineCount(text) {
  if (text === '') return 0;
  const lines = text.split('\n').length;
  return text.endsWith('\n') ? lines - 1 : lines;
}

/** A readable name for a function: its own, or the variable, property or call it is given to. */
function nameOf(node, source) {
  if (node.name) return node.name.getText(source);
  const parent = node.parent;
  if (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent))
    return parent.name.getText(source);
  if (ts.isBinaryExpression(parent)) return parent.left.getText(source);
  if (ts.isExportAssignment(parent)) return 'default export';
  if (ts.isCallExpression(parent)) {
    const callee = parent.expression.getText(source).replace(/\s+/g, ' ');
    return `callback of ${callee.length > 40 ? `${callee.slice(0, 40)}…` : callee}`;
  }
  return '(anonymous)';
}

/** With the name of the class or object literal a method belongs to, where it has one. */
function qualifiedName(node, source) {
  const name = nameOf(node, source);
  if (!ts.isMethodDeclaration(node) && !ts.isConstructorDeclaration(node)) return name;
  const owner = node.parent;
  const ownerName = owner.name?.getText(source) ?? (owner.parent ? nameOf(owner, source) : undefined);
  const own = ts.isConstructorDeclaration(node) ? 'constructor' : name;
  return ownerName && ownerName !== '(anonymous)' ? `${ownerName}.${own}` : own;
}

const isFunction = (node) =>
  ts.isFunctionDeclaration(node) ||
  ts.isFunctionExpression(node) ||
  ts.isArrowFunction(node) ||
  ts.isMethodDeclaration(node) ||
  ts.isConstructorDeclaration(node) ||
  ts.isGetAccessorDeclaration(node) ||
  ts.isSetAccessorDeclaration(node);

/**
 * Every function in a TypeScript or JavaScript source (declarations, expressions, arrows, methods):
 * its name, the line it starts on and the lines its body spans. Nested functions are listed too,
 * and an outer function's span includes them.
 */
export function functionsOf(fileName, text) {
  const kind = fileName.endsWith('.tsx')
    ? ts.ScriptKind.TSX
    : fileName.endsWith('.ts')
      ? ts.ScriptKind.TS
      : ts.ScriptKind.JS;
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, kind);
  const found = [];
  const lineOf = (pos) => source.getLineAndCharacterOfPosition(pos).line + 1;
  const visit = (node) => {
    if (isFunction(node) && node.body) {
      const first = lineOf(node.body.getStart(source));
      found.push({
        name: qualifiedName(node, source),
        line: lineOf(node.getStart(source)),
        lines: lineOf(node.body.getEnd()) - first + 1,
      });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/**
 * What is too long in one file: `fileLines` when the file is over the limit (and not an allowed data
 * file), and the functions over theirs. `parse` is false for files whose functions are not read (.astro).
 */
export function measure(fileName, text, { dataFile = false, parse = true } = {}) {
  const lines = lineCount(text);
  return {
    fileLines: !dataFile && lines > MAX_FILE_LINES ? lines : undefined,
    longFunctions: parse ? functionsOf(fileName, text).filter((f) => f.lines > MAX_FUNCTION_LINES) : [],
  };
}
