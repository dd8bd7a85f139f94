import { crc32, deflateRawSync } from 'node:zlib';
import { badRequest, ErrorCode, HttpError, notFound } from '../../server/errors';
import { empty, json, type Reply } from '../../server/http';
import type { Call, ODataRoute } from '../context';
import type { Package } from '../state';
import { bodyOf } from './body';
import { formFile } from '../../server/multipart';
import { readNupkg } from '../nupkg';
import * as route from './entityRoutes';
import { stripInternal } from '../../odata/query';

const processes = (call: Call) => call.tenant.packages.filter((p) => !p.$isLibrary);
const libraries = (call: Call) => call.tenant.packages.filter((p) => p.$isLibrary);

function stringParam(call: Call, name: string): string {
  const value = call.params[name];
  if (typeof value !== 'string' || value === '')
    throw badRequest(`Operation parameter ${name} must be a quoted string.`);
  return value;
}

function packageByKey(rows: Package[], key: string): Package {
  const pkg = rows.find((p) => p.Key.toLowerCase() === key.toLowerCase());
  if (!pkg) throw notFound(`Package version '${key}' does not exist.`);
  return pkg;
}

/** A .nupkg is a zip; the sandbox's holds only the .nuspec, enough for a client to save and open. */
function nupkg(pkg: Package): Buffer {
  const name = Buffer.from(`${pkg.Id}.nuspec`);
  const content = Buffer.from(
    `<?xml version="1.0" encoding="utf-8"?>\n<package><metadata><id>${pkg.Id}</id><version>${pkg.Version}</version><authors>${pkg.Authors}</authors><description>${pkg.Description}</description></metadata></package>\n`,
  );
  const compressed = deflateRawSync(content);
  const crc = crc32(content);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(8, 8);
  local.writeUInt32LE(crc, 14);
  local.writeUInt32LE(compressed.length, 18);
  local.writeUInt32LE(content.length, 22);
  local.writeUInt16LE(name.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(crc, 16);
  central.writeUInt32LE(compressed.length, 20);
  central.writeUInt32LE(content.length, 24);
  central.writeUInt16LE(name.length, 28);
  const centralOffset = local.length + name.length + compressed.length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + name.length, 12);
  end.writeUInt32LE(centralOffset, 16);
  return Buffer.concat([local, name, compressed, central, name, end]);
}

function download(pkg: Package): Reply {
  return {
    kind: 'raw',
    status: 200,
    body: nupkg(pkg),
    contentType: 'application/octet-stream',
    headers: { 'content-disposition': `attachment; filename="${pkg.Id}.${pkg.Version}.nupkg"` },
  };
}

interface ArgumentEntry {
  name: string;
  type: string;
  required?: boolean;
  hasDefault?: boolean;
}

/** SetArguments validation: JSON arrays of uniquely named entries with a type; outputs carry no `required`. */
function checkArgumentList(text: unknown, which: 'Input' | 'Output'): string | null {
  if (text === null || text === undefined || text === '') return null;
  if (typeof text !== 'string') throw badRequest(`arguments.${which} must be JSON text of an array, or null.`);
  let entries: unknown;
  try {
    entries = JSON.parse(text);
  } catch {
    throw badRequest(`arguments.${which} is not valid JSON.`);
  }
  if (!Array.isArray(entries)) throw badRequest(`arguments.${which} must be a JSON array.`);
  const names = new Set<string>();
  entries.forEach((entry: ArgumentEntry, i) => {
    if (typeof entry !== 'object' || entry === null) throw badRequest(`arguments.${which}[${i}] must be an object.`);
    if (typeof entry.name !== 'string' || !/^[A-Za-z_][A-Za-z0-9_]*$/.test(entry.name))
      throw badRequest(`arguments.${which}[${i}].name must be an identifier.`);
    if (names.has(entry.name.toLowerCase())) throw badRequest(`arguments.${which} declares '${entry.name}' twice.`);
    names.add(entry.name.toLowerCase());
    if (typeof entry.type !== 'string' || !/^[\w.`,[\]\s]+$/.test(entry.type))
      throw badRequest(`arguments.${which}[${i}].type must be a fully qualified type name.`);
    if (which === 'Input' && entry.required !== undefined && typeof entry.required !== 'boolean')
      throw badRequest(`arguments.Input[${i}].required must be true or false.`);
  });
  return text;
}

/**
 * UploadPackage: multipart form data whose file is the .nupkg (read by nupkg.ts). A version that exists is a 409, a
 * file that is not a package a 400; the body cap (413) is the request reader's. The answer is the service's bulk
 * shape: one entry per file, its Body the package as JSON text.
 */
function uploadPackage(call: Call, library: boolean): Reply {
  const file = formFile(call.req);
  const contents = readNupkg(file.bytes);
  const { id, version } = contents;
  const key = `${id}:${version}`;
  if (call.tenant.packages.some((p) => p.Key.toLowerCase() === key.toLowerCase()))
    throw route.conflict(`Package ${id} ${version} already exists.`);
  for (const p of call.tenant.packages) if (p.Id.toLowerCase() === id.toLowerCase()) p.IsLatestVersion = false;
  const pkg: Package = {
    Id: id,
    Key: key,
    Version: version,
    Title: contents.title,
    Description: contents.description,
    Authors: contents.authors,
    Published: call.clock.iso(),
    IsActive: false,
    IsLatestVersion: true,
    OldVersion: null,
    ReleaseNotes: contents.releaseNotes,
    SupportsMultipleEntryPoints: false,
    MainEntryPointPath: library ? null : contents.mainEntryPointPath,
    RequiresUserInteraction: false,
    TargetFramework: 'Portable',
    ProjectType: library ? 'Library' : contents.projectType,
    Tags: null,
    Arguments: library ? null : contents.arguments,
    $uploadedVia: 'api',
    ...(library ? { $isLibrary: true } : {}),
  };
  call.tenant.packages.push(pkg);
  call.changed();
  return json({
    '@odata.context': `${call.odataBase}/$metadata#Collection(${call.options.namespace}.BulkItemDto_String)`,
    value: [{ Key: file.fileName, Status: 'Success', Body: JSON.stringify(stripInternal(pkg)) }],
  });
}

const PROCESSES: route.Entity<'Processes'> = {
  set: 'Processes',
  what: 'Package',
  scope: 'optionalFolder',
  rows: processes,
};
const LIBRARIES: route.Entity<'Libraries'> = { set: 'Libraries', what: 'Library', scope: 'tenant', rows: libraries };
const VIEW_PACKAGES = { permissions: ['Packages.View'] };
const VIEW_LIBRARIES = { permissions: ['Libraries.View'] };

/** The versions of the package the parameter names (a 404 when it has none). */
function versionsOf(call: Call, entity: typeof PROCESSES | typeof LIBRARIES, parameter: string): Package[] {
  const id = stringParam(call, parameter);
  const versions = entity.rows!(call).filter((p) => p.Id.toLowerCase() === id.toLowerCase());
  if (versions.length === 0) throw notFound(`${entity.what} '${id}' does not exist.`);
  return versions;
}

/** DownloadPackage(key='<id>:<version>') of the entity's packages. */
const downloadRoute = (entity: typeof PROCESSES | typeof LIBRARIES, options: route.RouteOptions) =>
  route.setFunction(entity, 'DownloadPackage', { parameters: { key: 'string' }, ...options }, (call) =>
    download(packageByKey(entity.rows!(call), stringParam(call, 'key'))),
  );

const latestOf = (entity: typeof PROCESSES | typeof LIBRARIES) => (call: Call) =>
  entity.rows!(call).filter((p) => p.IsLatestVersion);

export const PACKAGE_ROUTES: ODataRoute[] = [
  // GET /odata/Processes lists one entry per package: its latest version.
  route.list(PROCESSES, VIEW_PACKAGES, latestOf(PROCESSES)),
  route.list(
    PROCESSES,
    { operation: 'GetProcessVersions', parameters: { processId: 'string' }, ...VIEW_PACKAGES, alwaysCount: true },
    (call) => versionsOf(call, PROCESSES, 'processId'),
  ),
  downloadRoute(PROCESSES, VIEW_PACKAGES),
  route.setFunction(PROCESSES, 'GetArguments', { parameters: { key: 'string' }, ...VIEW_PACKAGES }, (call) => {
    const pkg = packageByKey(processes(call), stringParam(call, 'key'));
    const context = `${call.options.namespace}.ArgumentMetadata`;
    return json({
      '@odata.context': `${call.odataBase}/$metadata#${context}`,
      Input: pkg.Arguments?.Input ?? null,
      Output: pkg.Arguments?.Output ?? null,
    });
  }),
  route.setAction(PROCESSES, 'SetArguments', { permissions: ['Packages.Edit'] }, (call) => {
    const body = bodyOf(call.req);
    const pkg = packageByKey(processes(call), body.string('key'));
    const args = body.object('arguments');
    if (pkg.$uploadedVia !== 'studio') {
      throw new HttpError(
        400,
        ErrorCode.argumentsNotEditable,
        `Arguments of '${pkg.Key}' cannot be edited: the package was uploaded through the ${pkg.$uploadedVia === 'api' ? 'API or the packages page' : 'package feed'}.`,
      );
    }
    pkg.Arguments = {
      Input: checkArgumentList(args.Input, 'Input'),
      Output: checkArgumentList(args.Output, 'Output'),
    };
    call.changed();
    return json({});
  }),
  route.keyed(PROCESSES, 'DELETE', undefined, { keyType: 'string', permissions: ['Packages.Delete'] }, (call) => {
    const id = String(call.key);
    const before = call.tenant.packages.length;
    call.tenant.packages = call.tenant.packages.filter((p) => p.$isLibrary || (p.Id !== id && p.Key !== id));
    if (call.tenant.packages.length === before) throw notFound(`Package '${id}' does not exist.`);
    for (const r of call.tenant.releases) if (r.ProcessKey === id) r.IsProcessDeleted = true;
    call.changed();
    return empty(204);
  }),
  route.setAction(PROCESSES, 'UploadPackage', { permissions: ['Packages.Create'] }, (call) =>
    uploadPackage(call, false),
  ),
  route.list(LIBRARIES, VIEW_LIBRARIES, latestOf(LIBRARIES)),
  route.list(LIBRARIES, { operation: 'GetVersions', parameters: { packageId: 'string' }, ...VIEW_LIBRARIES }, (call) =>
    versionsOf(call, LIBRARIES, 'packageId'),
  ),
  downloadRoute(LIBRARIES, VIEW_LIBRARIES),
  route.keyed(LIBRARIES, 'DELETE', undefined, { keyType: 'string', hostAdmin: true }, (call) => {
    const id = String(call.key);
    const kept = call.tenant.packages.filter((p) => !(p.$isLibrary && (p.Id === id || p.Key === id)));
    if (kept.length === call.tenant.packages.length) throw notFound(`Library '${id}' does not exist.`);
    call.tenant.packages = kept;
    call.changed();
    return json({});
  }),
  route.setAction(LIBRARIES, 'UploadPackage', { permissions: ['Libraries.Create'] }, (call) =>
    uploadPackage(call, true),
  ),
];
