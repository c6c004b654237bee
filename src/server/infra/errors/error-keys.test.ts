import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import nl from '../../../../public/i18n/nl-NL.json';
import en from '../../../../public/i18n/en-US.json';

/**
 * Every message a server error carries is a translation key present in both language files, so
 * the English app never shows Dutch (or the reverse). The source of src/server is read: every
 * `new AppError(code, message, fieldErrors)` and every function that passes one of its parameters
 * on as such a message (fieldError, notFound, a route's own `conflict(…)`, …) is followed to the
 * texts it can carry: string literals, both sides of a `?:`, constants (also imported ones), the
 * texts of a constant object (`ERRORS.name`, every one for `ERRORS[reason]`) and `validationKey('x')`
 * (or of a string constant). Anything that cannot be followed to a key fails with its place.
 */

const SERVER = path.resolve(__dirname, '../..');
const KEY = /^(errors|validation|hardening)\.[a-zA-Z]+(\.[a-zA-Z]+)*$/;

type Source = { file: string; ast: ts.SourceFile };
const sources = new Map<string, Source>();
function load(file: string): Source {
  let found = sources.get(file);
  if (!found) {
    found = { file, ast: ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true) };
    sources.set(file, found);
  }
  return found;
}
function walkFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'testing' ? [] : walkFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')
      ? [full]
      : [];
  });
}
const visit = (node: ts.Node, fn: (node: ts.Node) => void) => {
  fn(node);
  node.forEachChild((child) => visit(child, fn));
};
const where = (source: Source, node: ts.Node) =>
  `${path.relative(SERVER, source.file)}:${source.ast.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;

function find(tree: unknown, key: string): unknown {
  return key
    .split('.')
    .reduce<unknown>(
      (node, part) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined),
      tree,
    );
}
/** The text of a key, or of both its plural forms (`key_one`, `key_other`). */
const hasText = (tree: unknown, key: string) =>
  typeof find(tree, key) === 'string' ||
  (typeof find(tree, `${key}_one`) === 'string' && typeof find(tree, `${key}_other`) === 'string');

/** The function a node sits in, with its name (a declaration or `const name = (…) =>`). */
function enclosingFunction(node: ts.Node): { name: string | undefined; fn: ts.SignatureDeclaration } | null {
  for (let current = node.parent; current; current = current.parent) {
    if (
      ts.isFunctionDeclaration(current) ||
      ts.isArrowFunction(current) ||
      ts.isFunctionExpression(current) ||
      ts.isMethodDeclaration(current)
    ) {
      let name: string | undefined;
      if (ts.isFunctionDeclaration(current) || ts.isMethodDeclaration(current)) name = current.name?.getText();
      else if (ts.isVariableDeclaration(current.parent)) name = current.parent.name.getText();
      return { name, fn: current };
    }
  }
  return null;
}

/** The declaration of a constant named `name` in `source` (or the file it is imported from). */
function findConstant(source: Source, name: string): { source: Source; init: ts.Expression } | null {
  let found: { source: Source; init: ts.Expression } | null = null;
  visit(source.ast, (node) => {
    if (!found && ts.isVariableDeclaration(node) && node.name.getText() === name && node.initializer)
      found = { source, init: node.initializer };
  });
  if (found) return found;
  for (const statement of source.ast.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    const named = statement.importClause?.namedBindings;
    if (!named || !ts.isNamedImports(named)) continue;
    const element = named.elements.find((e) => e.name.getText() === name);
    if (!element) continue;
    const target = path.resolve(path.dirname(source.file), statement.moduleSpecifier.text);
    for (const candidate of [`${target}.ts`, `${target}.tsx`, path.join(target, 'index.ts')]) {
      try {
        return findConstant(load(candidate), (element.propertyName ?? element.name).getText());
      } catch {
        // not this file
      }
    }
  }
  return null;
}

/** The object literal a constant is (`{ … } as const`, `{ … } satisfies …`), or null. */
function objectLiteral(init: ts.Expression): ts.ObjectLiteralExpression | null {
  if (ts.isObjectLiteralExpression(init)) return init;
  if (ts.isAsExpression(init) || ts.isSatisfiesExpression(init) || ts.isParenthesizedExpression(init))
    return objectLiteral(init.expression);
  return null;
}

type Sink = { name: string; index: number };
type Finding = { at: string; text: string | null };

/** The texts an expression can be: keys are checked; null means it could not be followed. */
function texts(
  source: Source,
  expression: ts.Expression,
  sinks: Sink[],
  findings: Finding[],
  ownParams: Set<string>,
): void {
  const at = where(source, expression);
  if (ts.isStringLiteral(expression) || ts.isNoSubstitutionTemplateLiteral(expression))
    return void findings.push({ at, text: expression.text });
  if (ts.isParenthesizedExpression(expression) || ts.isAsExpression(expression))
    return texts(source, expression.expression, sinks, findings, ownParams);
  if (ts.isConditionalExpression(expression)) {
    texts(source, expression.whenTrue, sinks, findings, ownParams);
    return texts(source, expression.whenFalse, sinks, findings, ownParams);
  }
  if (
    ts.isCallExpression(expression) &&
    expression.expression.getText() === 'validationKey' &&
    expression.arguments[0]
  ) {
    const argument = expression.arguments[0];
    // `validationKey('x')`, or `validationKey(X)` with `const X = 'x'` (also imported).
    const constant = ts.isIdentifier(argument) ? findConstant(source, argument.text) : null;
    const name = ts.isStringLiteral(argument)
      ? argument.text
      : constant && ts.isStringLiteral(constant.init)
        ? constant.init.text
        : null;
    if (name !== null) return void findings.push({ at, text: `validation.${name}` });
  }
  // `ERRORS.name` and `ERRORS[reason]` of a constant object literal (also imported): the one named text, or every text
  // it holds.
  if (
    (ts.isPropertyAccessExpression(expression) || ts.isElementAccessExpression(expression)) &&
    ts.isIdentifier(expression.expression)
  ) {
    const constant = findConstant(source, expression.expression.text);
    const object = constant && objectLiteral(constant.init);
    if (constant && object) {
      const wanted = ts.isPropertyAccessExpression(expression) ? expression.name.text : null;
      const properties = object.properties.filter(
        (p): p is ts.PropertyAssignment =>
          ts.isPropertyAssignment(p) && (wanted === null || p.name.getText() === wanted),
      );
      for (const property of properties) texts(constant.source, property.initializer, sinks, findings, new Set());
      if (properties.length > 0) return;
    }
  }
  // `issue.key` of `const issue = issueKey(…)` (contract/validation-messages.ts): always a validation key, checked by
  // the contract's tests.
  if (ts.isPropertyAccessExpression(expression) && expression.name.text === 'key') {
    const object = expression.expression;
    const init = ts.isIdentifier(object) ? findConstant(source, object.text)?.init : object;
    if (init && ts.isCallExpression(init) && init.expression.getText() === 'issueKey') return;
  }
  if (ts.isIdentifier(expression)) {
    // A parameter of a function that passes it on: checked where that function is called.
    if (ownParams.has(expression.text)) return;
    const constant = findConstant(source, expression.text);
    if (constant) return texts(constant.source, constant.init, sinks, findings, new Set());
  }
  findings.push({ at, text: null });
}

/** `new AppError(code, message, fieldErrors)` and wrappers that pass a parameter on as its message. */
function collect(): Finding[] {
  const files = walkFiles(SERVER).map(load);
  const sinks: Sink[] = [{ name: 'AppError', index: 1 }];
  // Wrappers: a function whose parameter reaches a sink's message (repeated for wrappers of wrappers).
  for (let grew = true; grew;) {
    grew = false;
    for (const source of files) {
      visit(source.ast, (node) => {
        if (!(ts.isNewExpression(node) || ts.isCallExpression(node))) return;
        const sink = sinks.find((s) => s.name === node.expression.getText());
        const argument = sink && node.arguments?.[sink.index];
        if (!argument || !ts.isIdentifier(argument)) return;
        const outer = enclosingFunction(node);
        const index = outer?.fn.parameters.findIndex((p) => p.name.getText() === argument.text) ?? -1;
        if (!outer?.name || index < 0 || sinks.some((s) => s.name === outer.name && s.index === index)) return;
        sinks.push({ name: outer.name, index });
        grew = true;
      });
    }
  }
  const findings: Finding[] = [];
  for (const source of files) {
    visit(source.ast, (node) => {
      if ((ts.isNewExpression(node) || ts.isCallExpression(node)) && node.arguments) {
        const callee = node.expression.getText().split('.').pop()!;
        for (const sink of sinks.filter((s) => s.name === callee)) {
          const outer = enclosingFunction(node);
          const params = new Set(outer?.fn.parameters.map((p) => p.name.getText()) ?? []);
          const message = node.arguments[sink.index];
          if (message) texts(source, message, sinks, findings, params);
          // The field errors of an AppError: `{ field: [message] }`.
          const fieldErrors = sink.name === 'AppError' ? node.arguments[2] : undefined;
          if (fieldErrors && ts.isObjectLiteralExpression(fieldErrors)) {
            for (const property of fieldErrors.properties) {
              if (ts.isPropertyAssignment(property) && ts.isArrayLiteralExpression(property.initializer)) {
                for (const element of property.initializer.elements) texts(source, element, sinks, findings, params);
              }
            }
          }
        }
      }
      // Default messages of wrappers (`notFound(message = 'errors.server.notFound')`).
      if (ts.isParameter(node) && node.initializer) {
        const outer = enclosingFunction(node.name);
        const index = outer?.fn.parameters.indexOf(node) ?? -1;
        if (outer?.name && sinks.some((s) => s.name === outer.name && s.index === index))
          texts(source, node.initializer, sinks, findings, new Set());
      }
    });
  }
  return findings;
}

describe('server error messages', () => {
  const findings = collect();

  it('finds the messages of the error module, the routes and the workflow', () => {
    const texts = new Set(findings.map((f) => f.text));
    for (const key of [
      'errors.server.notFound',
      'errors.unauthenticated',
      'errors.workflow.statusNotAllowed',
      'errors.workflow.letterReplaced',
      'errors.document.shared',
      'validation.fileTooLarge',
      'hardening.uploadsPerUser',
    ]) {
      expect(texts, key).toContain(key);
    }
    expect(findings.length).toBeGreaterThan(60);
  });

  it('are all translation keys present in Dutch and in English', () => {
    const wrong = findings.filter(
      (f) => f.text === null || !KEY.test(f.text) || !hasText(nl, f.text) || !hasText(en, f.text),
    );
    expect(wrong.map((f) => `${f.at}: ${f.text ?? '(not a key it can follow)'}`)).toEqual([]);
  });
});
