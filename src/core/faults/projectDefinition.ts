import * as z from 'zod/mini';
import { formatNumber, t } from '../l10n';

// A workspace project's definition, `project.json` at its root: `name` is the package id its builds publish, so a job
// of a process whose package id (`Releases.ProcessKey`) equals it came from this project. Read from a workspace
// file, so anything may be in it: every problem is a reason to show, never a throw.

/** Real project files are a few KiB (dependencies, entry points); this leaves room and bounds the parse. */
export const MAX_PROJECT_JSON_CHARS = 1024 * 1024;
export const PROJECT_FILE_NAME = 'project.json';

const ProjectJsonSchema = z.looseObject({
  name: z.string().check(z.trim(), z.minLength(1)),
  projectVersion: z.optional(z.string()),
  main: z.optional(z.string()),
  targetFramework: z.optional(z.string()),
});

/** What is read of a project definition; its other fields (dependencies, entry points…) are not needed here. */
export type ProjectDefinition = Readonly<
  Pick<z.infer<typeof ProjectJsonSchema>, 'name' | 'projectVersion' | 'main' | 'targetFramework'>
>;

export type ProjectDefinitionResult =
  { readonly ok: true; readonly definition: ProjectDefinition } | { readonly ok: false; readonly reason: string };

const FIELDS = ['name', 'projectVersion', 'main', 'targetFramework'] as const;

function fieldProblem(json: Record<string, unknown>): string {
  const name = json['name'];
  if (name === undefined) return t('project.json has no "name" (the package id).');
  if (typeof name !== 'string' || name.trim() === '') return t('project.json\'s "name" must be non-empty text.');
  const wrong = FIELDS.find((field) => json[field] !== undefined && typeof json[field] !== 'string');
  return wrong ? t('project.json\'s "{0}" must be text.', wrong) : t('project.json is not a project definition.');
}

/** Reads the text of a project.json. */
export function readProjectDefinition(text: string): ProjectDefinitionResult {
  if (text.length > MAX_PROJECT_JSON_CHARS)
    return {
      ok: false,
      reason: t(
        'project.json is {0} characters; more than {1} is not read.',
        formatNumber(text.length),
        formatNumber(MAX_PROJECT_JSON_CHARS),
      ),
    };
  let json: unknown;
  try {
    json = JSON.parse(text.replace(/^\ufeff/, ''));
  } catch {
    return { ok: false, reason: t('project.json is not valid JSON.') };
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json))
    return { ok: false, reason: t('project.json must be a JSON object.') };
  const parsed = ProjectJsonSchema.safeParse(json);
  if (!parsed.success) return { ok: false, reason: fieldProblem(Object.fromEntries(Object.entries(json))) };
  const { name, projectVersion, main, targetFramework } = parsed.data;
  return {
    ok: true,
    definition: {
      name,
      ...(projectVersion !== undefined ? { projectVersion } : {}),
      ...(main !== undefined ? { main } : {}),
      ...(targetFramework !== undefined ? { targetFramework } : {}),
    },
  };
}

/** Package ids compare as NuGet compares them: without regard to case. */
export const samePackageId = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** The projects a job's package id (its process's `ProcessKey`) came from: usually one, none when not in the workspace. */
export function projectsOfPackage<P extends { readonly definition: ProjectDefinition }>(
  processKey: string,
  projects: readonly P[],
): P[] {
  if (processKey.trim() === '') return [];
  return projects.filter((project) => samePackageId(project.definition.name, processKey));
}
