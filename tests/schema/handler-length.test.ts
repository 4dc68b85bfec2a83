/**
 * Endpoints stay short: a handler maps its input to a use case and the use case's answer, so no
 * handler given to `defineEndpoint` passes 30 lines. A handler named by identifier is measured
 * where it is written, in the same file or the module it is imported from.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(__dirname, '../..');
const MAX_LINES = 30;

function sources(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) sources(full, out);
    else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')) out.push(full);
  }
  return out;
}

const parsed = new Map<string, ts.SourceFile>();
function parse(file: string): ts.SourceFile {
  let source = parsed.get(file);
  if (!source) {
    source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    parsed.set(file, source);
  }
  return source;
}

type Fn = ts.FunctionLikeDeclaration;

/** The function a name stands for at the top of `source`, following one relative import. */
function declared(source: ts.SourceFile, name: string): { fn: Fn; source: ts.SourceFile } | undefined {
  for (const statement of source.statements) {
    if (ts.isFunctionDeclaration(statement) && statement.name?.text === name) return { fn: statement, source };
    if (ts.isVariableStatement(statement)) {
      for (const d of statement.declarationList.declarations) {
        if (ts.isIdentifier(d.name) && d.name.text === name && d.initializer && ts.isFunctionLike(d.initializer))
          return { fn: d.initializer as Fn, source };
      }
    }
    if (ts.isImportDeclaration(statement) && ts.isStringLiteral(statement.moduleSpecifier)) {
      const spec = statement.moduleSpecifier.text;
      const named = statement.importClause?.namedBindings;
      if (!spec.startsWith('.') || !named || !ts.isNamedImports(named)) continue;
      const hit = named.elements.find((e) => e.name.text === name);
      if (!hit) continue;
      const base = path.resolve(path.dirname(source.fileName), spec.replace(/\.js$/, ''));
      const file = [`${base}.ts`, path.join(base, 'index.ts')].find((f) => {
        try {
          return readFileSync(f) !== undefined;
        } catch {
          return false;
        }
      });
      return file ? declared(parse(file), (hit.propertyName ?? hit.name).text) : undefined;
    }
  }
  return undefined;
}

function lines(fn: ts.Node, source: ts.SourceFile): number {
  const start = source.getLineAndCharacterOfPosition(fn.getStart(source)).line;
  const end = source.getLineAndCharacterOfPosition(fn.getEnd()).line;
  return end - start + 1;
}

/** Every handler given to defineEndpoint under backend/, as `file:line name → lines`. */
export function handlerLengths(): { where: string; lines: number }[] {
  const found: { where: string; lines: number }[] = [];
  for (const file of sources(path.join(ROOT, 'backend'))) {
    const source = parse(file);
    const visit = (node: ts.Node): void => {
      if (
        ts.isCallExpression(node) &&
        ts.isIdentifier(node.expression) &&
        node.expression.text === 'defineEndpoint' &&
        node.arguments[0] &&
        ts.isObjectLiteralExpression(node.arguments[0])
      ) {
        for (const prop of node.arguments[0].properties) {
          if (!prop.name || !ts.isIdentifier(prop.name) || prop.name.text !== 'handler') continue;
          let fn: { fn: ts.Node; source: ts.SourceFile } | undefined;
          if (ts.isMethodDeclaration(prop)) fn = { fn: prop, source };
          else if (ts.isPropertyAssignment(prop) && ts.isIdentifier(prop.initializer))
            fn = declared(source, prop.initializer.text);
          else if (ts.isPropertyAssignment(prop)) fn = { fn: prop.initializer, source };
          else if (ts.isShorthandPropertyAssignment(prop)) fn = declared(source, 'handler');
          const rel = path.relative(ROOT, file);
          const at = source.getLineAndCharacterOfPosition(prop.getStart(source)).line + 1;
          if (!fn) throw new Error(`${rel}:${at} names a handler this test cannot find`);
          found.push({ where: `${rel}:${at}`, lines: lines(fn.fn, fn.source) });
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}

describe('Endpoint handlers', () => {
  const all = handlerLengths();

  it('are found in every capability that declares endpoints', () => {
    expect(all.length).toBeGreaterThan(100);
  });

  it(`are at most ${MAX_LINES} lines each, the work living in use cases`, () => {
    const long = all.filter((h) => h.lines > MAX_LINES).map((h) => `${h.where} (${h.lines} lines)`);
    expect(long).toEqual([]);
  });
});
