/**
 * Typecheck and lint in one pass (`npm run check`, what CI runs): each TypeScript project is
 * built once, its type errors reported, and the same program handed to ESLint's type-aware rules,
 * instead of `npm run typecheck` and `npm run lint` each building all five (a third less CPU).
 * The same results as those two: tsc's diagnostics for every project, ESLint's for every file it
 * lints (warnings print but do not fail). One project at a time, so only one checker is in memory.
 *
 * `npm run check` gives Node a young generation of 64 MB semi-spaces instead of 16: the checker
 * allocates at a great rate, and the main thread's garbage collection fell from 23 to 16 s in its
 * CPU profile (the run's total CPU time stayed within the machine's noise). It also collects
 * garbage on the main thread only (`--single-threaded-gc`): the checker is one thread, and V8's
 * parallel and concurrent helpers, woken across the two cores, cost more than they saved. Beside
 * the API tier, as in CI: 142 and 133 CPU s with helpers, 125 and 116 without, wall time the same.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { ESLint } from 'eslint';
import ts from 'typescript';

const root = path.resolve(import.meta.dirname, '..');
const PROJECTS = [
  'packages/shared/tsconfig.json',
  'apps/api/tsconfig.json',
  'apps/web/tsconfig.json',
  'apps/widget/tsconfig.json',
  'tsconfig.json',
];

const host: ts.FormatDiagnosticsHost = {
  getCanonicalFileName: (f) => f,
  getCurrentDirectory: () => root,
  getNewLine: () => '\n',
};

function parse(configPath: string): ts.ParsedCommandLine {
  const parsed = ts.getParsedCommandLineOfConfigFile(path.join(root, configPath), undefined, {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (d) => {
      throw new Error(ts.formatDiagnostic(d, host));
    },
  });
  if (!parsed) throw new Error(`cannot read ${configPath}`);
  return parsed;
}

/** What `eslint .` lints: the tracked and new source files its configuration does not ignore. */
async function lintedFiles(eslint: ESLint): Promise<string[]> {
  const listed = execFileSync(
    'git',
    [
      'ls-files',
      '--cached',
      '--others',
      '--exclude-standard',
      '--',
      '*.ts',
      '*.tsx',
      '*.js',
      '*.mjs',
      '*.cjs',
    ],
    { cwd: root, encoding: 'utf8' },
  )
    .split('\n')
    .filter(Boolean)
    .map((f) => path.join(root, f));
  const kept: string[] = [];
  for (const file of listed) if (!(await eslint.isPathIgnored(file))) kept.push(file);
  return kept;
}

/**
 * Parsed files shared by the five programs: the declarations of Node, React, Mantine, zod and
 * the workspace's shared package are read and parsed once, not once per project (as the editor's
 * language service shares them). A file parses the same wherever these settings agree.
 */
const parsedFiles = new Map<string, ts.SourceFile>();
function compilerHost(options: ts.CompilerOptions): ts.CompilerHost {
  const compilerHost = ts.createCompilerHost(options);
  const read = compilerHost.getSourceFile.bind(compilerHost);
  compilerHost.getSourceFile = (fileName, settings, onError, shouldCreate) => {
    const { languageVersion, impliedNodeFormat, jsDocParsingMode } =
      typeof settings === 'object' ? settings : { languageVersion: settings };
    const key = `${fileName}|${languageVersion}|${impliedNodeFormat}|${jsDocParsingMode}`;
    let file = parsedFiles.get(key);
    if (!file) {
      file = read(fileName, settings, onError, shouldCreate);
      if (file) parsedFiles.set(key, file);
    }
    return file;
  };
  return compilerHost;
}

let failed = false;
const formatter = await new ESLint({ cwd: root }).loadFormatter('stylish');
const toLint = new Set(await lintedFiles(new ESLint({ cwd: root })));

/**
 * Each file is checked by the project that includes it. Another project that imports it (the
 * apps import packages/shared's sources; the root project, e2e and scripts import the apps')
 * uses its types but does not check it again, as `tsc --build` over project references would not:
 * a seventh less CPU. A file no project includes is checked wherever it is imported.
 */
const parsedProjects = PROJECTS.map((configPath) => ({ configPath, parsed: parse(configPath) }));
const owned = new Set(parsedProjects.flatMap(({ parsed }) => parsed.fileNames.map((f) => path.resolve(f))));

/** What `tsc --noEmit` reports for the program, for the files it checks. */
function diagnosticsOf(program: ts.Program, checks: (file: ts.SourceFile) => boolean): ts.Diagnostic[] {
  const files = program.getSourceFiles().filter(checks);
  return [
    ...program.getConfigFileParsingDiagnostics(),
    ...program.getOptionsDiagnostics(),
    ...files.flatMap((file) => program.getSyntacticDiagnostics(file)),
    ...program.getGlobalDiagnostics(),
    ...files.flatMap((file) => program.getSemanticDiagnostics(file)),
  ];
}

for (const { configPath, parsed } of parsedProjects) {
  const program = ts.createProgram({
    rootNames: parsed.fileNames,
    options: parsed.options,
    projectReferences: parsed.projectReferences,
    host: compilerHost(parsed.options),
  });
  const own = new Set(parsed.fileNames.map((f) => path.resolve(f)));
  const diagnostics = diagnosticsOf(program, (file) => {
    const name = path.resolve(file.fileName);
    return own.has(name) || !owned.has(name);
  });
  if (diagnostics.length > 0) {
    failed = true;
    process.stdout.write(`\n${configPath}:\n${ts.formatDiagnosticsWithColorAndContext(diagnostics, host)}`);
  }
  // This project's own files (its `include`), linted against the program just checked.
  const linted = [...own].filter((f) => toLint.delete(f));
  if (linted.length === 0) continue;
  const eslint = new ESLint({
    cwd: root,
    overrideConfig: { languageOptions: { parserOptions: { projectService: false, programs: [program] } } },
  });
  const results = await eslint.lintFiles(linted);
  if (results.some((r) => r.errorCount > 0 || r.fatalErrorCount > 0)) failed = true;
  const text = await formatter.format(results);
  if (text) process.stdout.write(text);
  console.log(`${configPath}: ${parsed.fileNames.length} files typechecked, ${linted.length} linted`);
}

// A file ESLint lints that no project includes would go unchecked: name it.
if (toLint.size > 0) {
  failed = true;
  console.error(
    `Not in any TypeScript project, so neither typechecked nor linted with types:\n  ${[...toLint]
      .map((f) => path.relative(root, f))
      .join('\n  ')}`,
  );
}
process.exitCode = failed ? 1 : 0;
