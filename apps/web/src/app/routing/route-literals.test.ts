// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the cases are source text holding template literals.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { routeTable } from '@zhicai/contract';
import { parseSync, Visitor } from 'vite';
import { describe, expect, it } from 'vitest';

/**
 * Conventions "a route is data; a link is typed": an app path is written once, in the contract's
 * route table, and every link, navigation and path rule reaches it through `href` or a route name.
 * This test reads the shipped source of every workspace and fails on any string or template literal
 * that spells a path of the table. Test files and test helpers (`testing/`, `test/` folders) may
 * spell paths: they play the user's address bar.
 */

const root = path.resolve(import.meta.dirname, '../../../../..');
const scannedFolders = ['apps/web/src', 'packages/domain/src', 'packages/contract/src', 'apps/server/src'];
const routeTableFile = 'packages/contract/src/routes.ts';
const testHelperFolders = new Set(['testing', 'test']);

/**
 * The literal start of every path and alias: /stock, /column for /column/:id, and / for home.
 * A literal is a route path when it is one of these exactly or goes on with `?` (a query), `/` (a
 * parameter) or, in a template, an interpolation (the literal part then ends there).
 */
const routePrefixes = [
  ...new Set(
    routeTable.flatMap((entry) => [entry.path, ...entry.aliases]).map((p) => p.split('/:')[0] || '/'),
  ),
];

/**
 * `/` alone is also the path separator: as the argument of a string method (split('/'),
 * startsWith('/')…) it is not a link.
 */
const separatorMethods = new Set([
  'split',
  'join',
  'startsWith',
  'endsWith',
  'includes',
  'indexOf',
  'lastIndexOf',
  'replace',
  'replaceAll',
]);

/** The route path a piece of literal text starts with, or null. `first`: it opens the literal. */
function routePathIn(text: string, first: boolean): string | null {
  for (const prefix of routePrefixes) {
    if (prefix === '/') {
      if (first && (text === '/' || text.startsWith('/?'))) return prefix;
      continue;
    }
    if (text === prefix || text.startsWith(`${prefix}?`) || text.startsWith(`${prefix}/`)) return prefix;
  }
  return null;
}

function isScanned(file: string): boolean {
  if (!/\.(ts|tsx)$/.test(file) || /\.test(-d)?\.tsx?$/.test(file) || file.endsWith('test-setup.ts'))
    return false;
  return file !== routeTableFile && !file.split('/').some((part) => testHelperFolders.has(part));
}

function sourceFiles(folder: string): string[] {
  return readdirSync(path.join(root, folder), { recursive: true, encoding: 'utf8' })
    .map((file) => `${folder}/${file.split(path.sep).join('/')}`)
    .filter(isScanned)
    .sort();
}

interface Finding {
  /** file:line */
  where: string;
  literal: string;
}

/** Every literal of one source text that spells a route path. */
function routeLiterals(file: string, source: string): Finding[] {
  // A literal (or the part of a template after an interpolation) that starts with a slash follows a
  // quote, a backtick or a closing brace; a file without one has nothing to parse for.
  if (!/['"`}]\//.test(source)) return [];
  const { program, errors } = parseSync(file, source);
  if (errors.length > 0) throw new Error(`${file}: ${errors[0]?.message}`);
  const separators = new Set<number>();
  const hits: { start: number; literal: string }[] = [];
  new Visitor({
    CallExpression(call) {
      const callee = call.callee;
      if (
        callee.type === 'MemberExpression' &&
        callee.property.type === 'Identifier' &&
        separatorMethods.has(callee.property.name)
      )
        for (const argument of call.arguments) separators.add(argument.start);
    },
    Literal(literal) {
      if (typeof literal.value === 'string' && routePathIn(literal.value, true))
        hits.push({ start: literal.start, literal: source.slice(literal.start, literal.end) });
    },
    TemplateLiteral(template) {
      const quasis = template.quasis;
      quasis.forEach((quasi, index) => {
        const text = quasi.value.cooked ?? quasi.value.raw;
        if (routePathIn(text, index === 0))
          hits.push({ start: template.start, literal: source.slice(template.start, template.end) });
      });
    },
  }).visit(program);
  const lineOf = (offset: number) => source.slice(0, offset).split('\n').length;
  return hits
    .filter((hit) => !(separators.has(hit.start) && hit.literal.slice(1, -1) === '/'))
    .map((hit) => ({ where: `${file}:${lineOf(hit.start)}`, literal: hit.literal }));
}

describe('app route paths outside the route table', () => {
  it('finds none in the shipped source: links use href and route names', () => {
    const findings = scannedFolders.flatMap((folder) =>
      sourceFiles(folder).flatMap((file) => routeLiterals(file, readFileSync(path.join(root, file), 'utf8'))),
    );
    expect(findings.map((finding) => `${finding.where} ${finding.literal}`)).toEqual([]);
    // Reading and parsing every source file takes seconds on a busy machine.
  }, 60_000);

  it('reads every workspace it promises to read', () => {
    for (const folder of scannedFolders) expect(sourceFiles(folder).length, folder).toBeGreaterThan(0);
  });

  it.each([
    ["navigate('/stock?stockCode=' + code)", "'/stock?stockCode='"],
    ['const to = `/fundDetails?code=${code}`;', '`/fundDetails?code=${code}`'],
    ['const to = `/indexStock${query}`;', '`/indexStock${query}`'],
    ['<Link to="/me" />', '"/me"'],
    ["const paths = ['/stockHK'];", "'/stockHK'"],
    [
      'const to = `/financialReportPreview/${stock}/${period}`;',
      '`/financialReportPreview/${stock}/${period}`',
    ],
    ["navigate('/', { replace: true })", "'/'"],
    ['const seen = pathname === `/`;', '`/`'],
  ])('catches %s', (source, literal) => {
    expect(routeLiterals('planted.tsx', source)).toEqual([{ where: 'planted.tsx:1', literal }]);
  });

  it.each([
    "path.split('/')",
    "parts.join('/')",
    "redirect.startsWith('/')",
    "const api = '/api/v3/details/stockBaseInfo';",
    "const socket = '/ws?node=1';",
    "const page = '/stock-pickers';",
    'const file = `/files/report/${code}/${period}.pdf`;',
    "// a comment may name '/stock?stockCode=600519.SH'",
    "const link = href('stock', { stockCode: '600519.SH' });",
    'const url = `${origin}${path}`;',
  ])('lets %s pass', (source) => {
    expect(routeLiterals('planted.tsx', source)).toEqual([]);
  });
});
