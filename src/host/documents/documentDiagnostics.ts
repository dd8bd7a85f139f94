import * as vscode from 'vscode';
import type { Problem } from '../../core/documents/argumentsDocument';
import { SCHEME } from '../../core/documents/orchestratorUri';
import { onFirstUse } from '../../core/onFirstUse';
import { documentTexts, type OrchestratorFileSystem } from './orchestratorFileSystem';

/** The JSON parser's locations load with the first document of ours, not at activation (the checks: documentTexts). */
const jsonLocations = onFirstUse(() => import('../../core/documents/jsonLocations'));

/** Where a problem stands: the property or list entry it names, the syntax error's place, else the first line. */
function rangeOf(
  document: vscode.TextDocument,
  problem: Problem,
  spanOf: typeof import('../../core/documents/jsonLocations').spanOf,
): vscode.Range {
  const text = document.getText();
  const span = problem.path
    ? spanOf(text, problem.path)
    : problem.offset !== undefined
      ? { offset: problem.offset, length: 1 }
      : undefined;
  if (!span) return new vscode.Range(0, 0, 0, Math.max(1, document.lineAt(0).text.length));
  const start = document.positionAt(span.offset);
  return new vscode.Range(start, document.positionAt(Math.max(span.offset + span.length, span.offset + 1)));
}

/**
 * Checks `orchestrator:` documents as the user types, with the same code Apply runs before sending: input values
 * against the package's declared types, package arguments against the rules of SetArguments. Each problem is marked
 * where it is (editor and Problems panel), not on line 1.
 */
export function watchDocumentProblems(documents: OrchestratorFileSystem): vscode.Disposable {
  const diagnostics = vscode.languages.createDiagnosticCollection('orchestrator');
  const check = async (document: vscode.TextDocument) => {
    if (document.uri.scheme !== SCHEME) return;
    let kind: string;
    try {
      const resolved = documents.resolve(document.uri);
      if (resolved.server || resolved.target.kind === 'jobOutput') return;
      kind = resolved.target.kind;
    } catch {
      return;
    }
    const [{ parsePackageArguments, parseReleaseInput }, { spanOf }] = await Promise.all([
      documentTexts(),
      jsonLocations(),
    ]);
    if (document.isClosed) return;
    const declared = documents.declaredOf(document.uri);
    if (kind === 'releaseInput' && !declared) return; // not read yet: checked on the next change
    const parsed =
      kind === 'packageArguments'
        ? parsePackageArguments(document.getText())
        : parseReleaseInput(document.getText(), declared ?? []);
    diagnostics.set(
      document.uri,
      parsed.ok
        ? []
        : parsed.problems.map((problem) =>
            Object.assign(
              new vscode.Diagnostic(
                rangeOf(document, problem, spanOf),
                problem.message,
                vscode.DiagnosticSeverity.Error,
              ),
              { source: 'Orchestrator' },
            ),
          ),
    );
  };
  // A check that cannot run (its code failed to load) leaves the marks as they were; Apply checks again anyway.
  const checkLater = (document: vscode.TextDocument) => void check(document).catch(() => undefined);
  for (const document of vscode.workspace.textDocuments) checkLater(document);
  return vscode.Disposable.from(
    diagnostics,
    vscode.workspace.onDidOpenTextDocument(checkLater),
    vscode.workspace.onDidChangeTextDocument((event) => checkLater(event.document)),
    vscode.workspace.onDidCloseTextDocument((document) => diagnostics.delete(document.uri)),
  );
}
