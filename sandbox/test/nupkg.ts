import { strToU8, zipSync, type Zippable } from 'fflate';

/** An argument as Studio declares it in project.json's entry points. */
export interface DeclaredArgument {
  name: string;
  type: string;
  required?: boolean;
  hasDefault?: boolean;
}

export interface NupkgSpec {
  id: string;
  version: string;
  title?: string;
  description?: string;
  authors?: string;
  input?: DeclaredArgument[];
  output?: DeclaredArgument[];
  /** A library project (project.json's designOptions.outputType "Library"), not a process. */
  library?: boolean;
  /** Leave out `lib/<tfm>/project.json` (a package that is not a Studio project). */
  withoutProject?: boolean;
  /** Incompressible filler stored in the package, to reach a size (a big package, one above the cap). */
  fillerBytes?: number;
}

const escapeXml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);

/** Bytes no compressor shrinks, made the same for the same length (xorshift), so a size is what the test asked. */
function filler(length: number): Uint8Array {
  const bytes = new Uint8Array(length);
  let state = 0x9e3779b9;
  for (let i = 0; i < length; i++) {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    bytes[i] = state & 0xff;
  }
  return bytes;
}

/**
 * A real .nupkg as Studio publishes one: `<id>.nuspec` at the root, the project definition and the workflow under
 * `lib/net6.0-windows7.0/`, NuGet's `[Content_Types].xml`. Used by the sandbox's conformance tests and by the
 * extension's tests (unit, integration, bench), which build their packages on the fly.
 */
export function buildNupkg(spec: NupkgSpec): Uint8Array {
  const nuspec = `<?xml version="1.0" encoding="utf-8"?>
<package xmlns="http://schemas.microsoft.com/packaging/2013/05/nuspec.xsd">
  <metadata>
    <id>${escapeXml(spec.id)}</id>
    <version>${escapeXml(spec.version)}</version>
    ${spec.title === undefined ? '' : `<title>${escapeXml(spec.title)}</title>`}
    <authors>${escapeXml(spec.authors ?? 'developer')}</authors>
    <description>${escapeXml(spec.description ?? 'Built by a test')}</description>
  </metadata>
</package>
`;
  const lib = 'lib/net6.0-windows7.0';
  const files: Zippable = {
    [`${spec.id}.nuspec`]: strToU8(nuspec),
    '[Content_Types].xml': strToU8(
      '<?xml version="1.0" encoding="utf-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="nuspec" ContentType="application/octet" /></Types>',
    ),
  };
  if (!spec.withoutProject) {
    files[`${lib}/project.json`] = strToU8(
      JSON.stringify({
        name: spec.id,
        main: 'Main.xaml',
        projectVersion: spec.version,
        designOptions: { outputType: spec.library ? 'Library' : 'Process' },
        entryPoints: [{ filePath: 'Main.xaml', input: spec.input ?? [], output: spec.output ?? [] }],
      }),
    );
    files[`${lib}/Main.xaml`] = strToU8('<Activity x:Class="Main" />');
  }
  if (spec.fillerBytes) files[`${lib}/filler.bin`] = [filler(spec.fillerBytes), { level: 0 }];
  return zipSync(files, { level: 6 });
}

/** A multipart/form-data body holding the file in the field `file`, as a browser or `FormData` sends it. */
export function packageForm(bytes: Uint8Array, fileName: string): FormData {
  const form = new FormData();
  form.append('file', new Blob([bytes.slice()], { type: 'application/octet-stream' }), fileName);
  return form;
}
