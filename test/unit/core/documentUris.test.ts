// Document addresses: how a connection, folder and process name an argument document, the earlier id form read as
// the same document, hostile names kept inside their segment, and what is refused.
import assert from 'node:assert/strict';
import { URI } from 'vscode-uri';
import { connectionSlug, parseDocumentUri, type DocumentTarget } from '../../../src/core/documents/orchestratorUri';
import { documentIdentity, documentUri, safeSegment } from '../../../src/core/documents/documentAddress';

describe('orchestrator: document URIs', () => {
  const conn = connectionSlug('127.0.0.1:1234/sandbox/main');
  /** Input values of process 42 in folder 7, named as given. */
  const input = (named: { name?: string; place?: string[] } = {}): DocumentTarget => ({
    kind: 'releaseInput',
    connection: conn,
    folderId: 7,
    releaseId: 42,
    name: 'Pay',
    ...named,
  });

  it('names a connection by a stable 128-bit hash (32 hex digits)', () => {
    assert.match(conn, /^[0-9a-f]{32}$/);
    assert.equal(connectionSlug('127.0.0.1:1234/sandbox/main'), conn);
    assert.notEqual(connectionSlug('127.0.0.1:1234/sandbox/staging'), conn);
  });

  it('gives two ordinary tenant addresses different names (their 32-bit hashes were equal: their drafts mixed)', () => {
    const tenant = (n: number) => `https://cloud.example.com/acme/tenant${n}/orchestrator_`;
    assert.notEqual(connectionSlug(tenant(162_789)), connectionSlug(tenant(379_192)));
    const names = new Set(Array.from({ length: 50_000 }, (_, n) => connectionSlug(tenant(n))));
    assert.equal(names.size, 50_000, 'no two of 50,000 tenants share a name');
  });

  it('round-trips each kind in the earlier id form, through the string form too', () => {
    const targets = [
      { kind: 'packageArguments', connection: conn, packageId: 'Invoices.Process_1', version: '1.0.3-beta.2' },
      { kind: 'releaseInput', connection: conn, folderId: 7, releaseId: 42, name: 'Pay invoices' },
      {
        kind: 'jobOutput',
        connection: conn,
        folderId: 7,
        jobKey: '0f8fad5b-d9cb-469f-a165-70867728950e',
        name: 'Pay invoices #1234',
      },
    ] as const;
    for (const target of targets) {
      for (const server of [false, true]) {
        const uri = documentUri(target, { server });
        assert.equal(uri.scheme, 'orchestrator');
        assert.deepEqual(parseDocumentUri(uri), { target, server });
        assert.deepEqual(parseDocumentUri(URI.parse(uri.toString())), { target, server });
      }
    }
    assert.equal(
      documentUri(targets[2]).path,
      '/folders/7/jobs/0f8fad5b-d9cb-469f-a165-70867728950e/Pay invoices #1234.output.json',
      'the tab reads the process and job number',
    );
    assert.equal(
      documentUri(targets[0]).toString(),
      `orchestrator://${conn}/packages/Invoices.Process_1%401.0.3-beta.2.arguments.json`,
    );
    assert.match(documentUri(targets[1]).path, /\/Pay invoices\.input\.json$/);
  });

  it('reads by names: the connection, the folder path and the collection, with the ids in the query', () => {
    const place = ['Sandbox', 'Dev Lab', 'Processes'];
    const target = { kind: 'releaseInput', connection: conn, folderId: 7, releaseId: 42, name: 'Pay invoices', place };
    const uri = documentUri(target as DocumentTarget);
    assert.equal(uri.path, '/Sandbox/Dev Lab/Processes/Pay invoices.input.json');
    assert.equal(uri.query, 'folder=7&process=42');
    assert.doesNotMatch(uri.path, /\b(7|42)\b/, 'no id is read in the breadcrumbs');
    const job = {
      kind: 'jobOutput',
      connection: conn,
      folderId: 7,
      jobKey: '0F8FAD5B-D9CB-469F-A165-70867728950E',
      name: 'Pay invoices #1234',
      place: ['Sandbox', 'Shared', 'Finance', 'Jobs'],
    } as const;
    assert.equal(
      documentUri(job).toString(true),
      `orchestrator://${conn}/Sandbox/Shared/Finance/Jobs/Pay invoices #1234.output.json?folder=7&job=0f8fad5b-d9cb-469f-a165-70867728950e`.replace(
        '#',
        '%23',
      ),
    );
    const pkg = {
      kind: 'packageArguments',
      connection: conn,
      packageId: 'Invoices',
      version: '1.0.3',
      place: ['Sandbox', 'Packages'],
    } as const;
    assert.equal(documentUri(pkg).path, '/Sandbox/Packages/Invoices@1.0.3.arguments.json');
    for (const each of [target as DocumentTarget, pkg, { ...job, jobKey: job.jobKey.toLowerCase() }])
      for (const server of [false, true]) {
        const built = documentUri(each, { server });
        assert.deepEqual(parseDocumentUri(URI.parse(built.toString())), { target: each, server });
      }
  });

  it('opens the earlier id form as the same document (restored editors, drafts saved under it)', () => {
    const named = documentUri(input({ place: ['Renamed since', 'Processes'] }));
    const earlier = `orchestrator://${conn}/folders/7/processes/42/Pay.input.json`;
    const parsed = parseDocumentUri(URI.parse(earlier));
    assert.ok('target' in parsed && parsed.target.kind === 'releaseInput' && parsed.target.releaseId === 42);
    assert.equal(documentIdentity(earlier), documentIdentity(named.toString()));
    assert.notEqual(documentIdentity(`${earlier}?server`), documentIdentity(earlier), 'the service copy is another');
    assert.notEqual(
      documentIdentity(earlier),
      documentIdentity(`orchestrator://${conn}/folders/7/processes/43/Pay.input.json`),
    );
    const job = `orchestrator://${conn}/folders/7/jobs/0F8FAD5B-D9CB-469F-A165-70867728950E/X.output.json`;
    assert.equal(
      documentIdentity(job),
      documentIdentity(`orchestrator://${conn}/A/Jobs/Y.output.json?folder=7&job=0f8fad5b-d9cb-469f-a165-70867728950e`),
    );
  });

  it('encodes any name safely: slashes, ?, #, %, Unicode, very long names, names of dots, controls', () => {
    const hostile = [
      'a/b\\c',
      'why?#frag',
      '50%de %zz %',
      'Ünïcødé 名前 🚀',
      'x'.repeat(5000),
      '.',
      '..',
      '...',
      '  ',
      '\u202eevil\u2066',
      'lone \ud800 surrogate',
      'nul\u0000bell\u0007del\u007f',
      'tab\tnew\nline',
    ];
    for (const name of hostile) {
      const uri = documentUri(input({ name, place: [name, name, 'Processes'] }));
      const again = URI.parse(uri.toString());
      assert.equal(again.path, uri.path, `${JSON.stringify(name)} survives the string form`);
      const segments = again.path.split('/').slice(1);
      assert.equal(segments.length, 4, `${JSON.stringify(name)} stays in its segments`);
      for (const segment of segments) {
        assert.ok(!/^\.+$/.test(segment) && segment !== '', `${JSON.stringify(name)} makes no . or .. segment`);
        assert.ok([...segment].length <= 80 + '.input.json'.length, 'bounded');
        // eslint-disable-next-line no-control-regex -- control characters are what is checked
        assert.doesNotMatch(segment, /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069%?\\]/);
      }
      const parsed = parseDocumentUri(URI.parse(uri.toString()));
      assert.ok('target' in parsed && parsed.target.kind === 'releaseInput', JSON.stringify(name));
      assert.equal(parsed.target.releaseId, 42);
    }
    assert.equal(safeSegment('Ünïcødé 名前 🚀'), 'Ünïcødé 名前 🚀', 'Unicode is kept as it is');
    assert.equal(safeSegment('🚀'.repeat(100)), '🚀'.repeat(80), 'bounded in code points, no pair split');
    assert.equal(
      documentUri(input({ place: Array.from({ length: 30 }, (_, n) => `f${n}`) })).path.split('/').length,
      1 + 12 + 1,
      'a very deep folder keeps the connection and its last folders',
    );
  });

  it('refuses a named address whose query does not name exactly the ids of its kind', () => {
    for (const bad of [
      `orchestrator://${conn}/S/P/x.input.json?folder=7`,
      `orchestrator://${conn}/S/P/x.input.json?folder=7&process=42&process=43`,
      `orchestrator://${conn}/S/P/x.input.json?folder=7&process=42&edit`,
      `orchestrator://${conn}/S/P/x.input.json?folder=-7&process=42`,
      `orchestrator://${conn}/S/P/x.input.json?folder=7&job=42`,
      `orchestrator://${conn}/S/P/x.output.json?folder=7&job=not-a-key`,
      `orchestrator://${conn}/S/P/x.arguments.json?package=a/b&version=1.0`,
      // The file name names another package than the ids: the confirmation would name the wrong one.
      `orchestrator://${conn}/S/Packages/Other@1.0.0.arguments.json?package=Invoices&version=1.0.0`,
      `orchestrator://${conn}/S/Packages/Invoices@2.0.0.arguments.json?package=Invoices&version=1.0.0`,
      `orchestrator://${conn}/S/P/.input.json?folder=7&process=42`,
      `orchestrator://${conn}/S/P/x.json?folder=7&process=42`,
    ])
      assert.ok('problem' in parseDocumentUri(URI.parse(bad)), bad);
  });

  it('keeps a hostile process name inside one path segment', () => {
    const uri = documentUri({
      kind: 'releaseInput',
      connection: conn,
      folderId: 1,
      releaseId: 2,
      name: '../../etc/passwd\u0000<x>?',
    });
    assert.equal(uri.path.split('/').length, 6);
    const parsed = parseDocumentUri(uri);
    assert.ok('target' in parsed && parsed.target.kind === 'releaseInput' && parsed.target.releaseId === 2);
  });

  it('refuses to build or parse what it does not serve', () => {
    assert.throws(
      () => documentUri({ kind: 'packageArguments', connection: conn, packageId: 'a/b', version: '1.0' }),
      /not a package id/,
    );
    assert.throws(
      () => documentUri({ kind: 'packageArguments', connection: conn, packageId: 'A', version: 'latest' }),
      /not a package version/,
    );
    assert.throws(
      () => documentUri({ kind: 'jobOutput', connection: conn, folderId: 1, jobKey: "x' or 1=1", name: 'x' }),
      /not a job key/,
    );
    assert.throws(
      () => documentUri({ kind: 'releaseInput', connection: conn, folderId: -1, releaseId: 1, name: 'x' }),
      /not a folder id/,
    );
    assert.throws(
      () => documentUri({ kind: 'releaseInput', connection: 'Sandbox', folderId: 1, releaseId: 1, name: 'x' }),
      /not a connection slug/,
    );
    for (const bad of [
      'file:///packages/A@1.0.arguments.json',
      `orchestrator://${conn}/packages/A.arguments.json`,
      'orchestrator://nope/packages/A@1.0.arguments.json',
      `orchestrator://${conn}/packages/A@1.0.arguments.json?edit`,
      `orchestrator://${conn}/folders/x/jobs/y.output.json`,
      `orchestrator://${conn}/folders/1/jobs/not-a-key/x.output.json`,
    ]) {
      assert.ok('problem' in parseDocumentUri(URI.parse(bad)), bad);
    }
  });
});
